/** Why a message is sent. */
export type MailKind = 'invitation' | 'password_reset' | 'email_change' | 'email_changed' | 'form_submission';

/** A message as the product writes it: plain text, one recipient. */
export interface MailMessage {
  accountId: string | null;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
}

/** `queued`: waiting for delivery (or for the operator, when no SMTP server is configured). */
export type MailStatus = 'queued' | 'sent' | 'failed';

export interface OutboxMail extends MailMessage {
  id: string;
  status: MailStatus;
  attempts: number;
  createdAt: number;
  sentAt: number | null;
  lastError: string | null;
}

/** Hands a message to the outside world (SMTP); throws when the server refuses it. */
export interface MailTransport {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): Promise<void>;
}
