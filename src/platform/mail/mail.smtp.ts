import type { Transporter } from 'nodemailer';
import type { MailTransport } from './mail.types.js';

/**
 * Delivery through an SMTP server named by SMTP_URL (smtp://user:pass@host:587 or smtps://...). The mail
 * library loads with the first message.
 */
export class SmtpTransport implements MailTransport {
  private transporter: Promise<Transporter> | undefined;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  async send(message: { to: string; subject: string; text: string }): Promise<void> {
    this.transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.url));
    await (await this.transporter).sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  async close(): Promise<void> {
    if (this.transporter) (await this.transporter).close();
  }
}
