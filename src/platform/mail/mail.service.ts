import type { Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { MailRepository } from './store/mail.repository.js';
import type { MailMessage, MailTransport, OutboxMail } from './mail.types.js';

const MINUTE = 60_000;
const LEASE_MS = 5 * MINUTE;
/** Attempts before a message is given up as failed (about a day of backoff). */
export const MAX_ATTEMPTS = 10;
const BATCH = 50;

/** Backoff after the n-th failed attempt: 1, 2, 4 ... minutes, at most 6 hours. */
export const retryDelay = (attempt: number): number => Math.min(2 ** (attempt - 1) * MINUTE, 6 * 60 * MINUTE);

/**
 * Outgoing mail through a transactional outbox: a message is written in the same transaction as the
 * change that causes it, then delivered by SMTP when a transport is configured. Without one it stays
 * in the outbox for the operator (`qrelay mail list`).
 */
export class MailService {
  constructor(
    private readonly mail: MailRepository,
    private readonly transport: MailTransport | null,
    private readonly clock: Clock,
  ) {}

  /** Whether messages leave the outbox (an SMTP server is configured); without it they wait for the operator. */
  get delivers(): boolean {
    return this.transport !== null;
  }

  /** Queues a message; pass the caller's transaction so the message exists only if the change does. */
  async enqueue(message: MailMessage, tx?: Tx): Promise<string> {
    const id = newId();
    await this.mail.insert(id, message, this.clock.now(), tx);
    return id;
  }

  list(options: { limit?: number; to?: string } = {}): Promise<OutboxMail[]> {
    return this.mail.list({ limit: Math.min(Math.max(options.limit ?? 50, 1), 1000), to: options.to?.trim().toLowerCase() });
  }

  /** Starts delivery now without waiting for it (after a commit); the periodic job retries failures. */
  kick(): void {
    if (this.transport) this.deliverDue().catch(() => undefined);
  }

  /** Delivers every due message once; returns how many were sent. */
  async deliverDue(): Promise<number> {
    if (!this.transport) return 0;
    const now = this.clock.now();
    let sent = 0;
    for (const message of await this.mail.due(now, BATCH)) {
      if (!(await this.mail.claim(message.id, message.attempts, now + LEASE_MS))) continue;
      const attempt = message.attempts + 1;
      try {
        await this.transport.send({ to: message.to, subject: message.subject, text: message.text });
        await this.mail.markSent(message.id, this.clock.now());
        sent += 1;
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        if (attempt >= MAX_ATTEMPTS) await this.mail.markFailed(message.id, reason, this.clock.now());
        else await this.mail.markRetry(message.id, reason, this.clock.now() + retryDelay(attempt));
      }
    }
    return sent;
  }

  async close(): Promise<void> {
    await this.transport?.close();
  }
}
