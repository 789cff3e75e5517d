import nodemailer, { type Transporter } from 'nodemailer';
import type { MailTransport } from './mail.types.js';

/** Delivery through an SMTP server named by SMTP_URL (smtp://user:pass@host:587 or smtps://...). */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(message: { to: string; subject: string; text: string }): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
