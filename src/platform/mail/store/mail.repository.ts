import { fromColumns, insertRow } from '../../../db/columns.js';
import type { Kysely, Selectable } from 'kysely';
import type { MailOutboxTable, Schema } from '../../../db/schema.js';
import type { MailKind, MailMessage, MailStatus, OutboxMail } from '../mail.types.js';

const statusOf = (row: Selectable<MailOutboxTable>): MailStatus =>
  row.sent_at !== null ? 'sent' : row.failed_at !== null ? 'failed' : 'queued';

const toMail = (row: Selectable<MailOutboxTable>): OutboxMail => ({
  ...fromColumns(row, 'id account_id subject attempts created_at sent_at last_error'),
  kind: row.kind as MailKind,
  to: row.recipient,
  text: row.body,
  status: statusOf(row),
});

export class MailRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(id: string, message: MailMessage, at: number, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'mail_outbox', {
      id,
      account_id: message.accountId,
      kind: message.kind,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      created_at: at,
      attempts: 0,
      next_attempt_at: at,
      sent_at: null,
      failed_at: null,
      last_error: null,
    });
  }

  /** Newest first. */
  async list(options: { limit: number; to?: string }): Promise<OutboxMail[]> {
    let query = this.db.selectFrom('mail_outbox').selectAll();
    if (options.to !== undefined) query = query.where('recipient', '=', options.to);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
    return rows.map(toMail);
  }

  /** Messages waiting for delivery whose next attempt is due. */
  async due(now: number, limit: number): Promise<OutboxMail[]> {
    const rows = await this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    return rows.map(toMail);
  }

  /**
   * Takes a message for one delivery attempt: only one instance wins, and the lease keeps the
   * others off it until `leaseUntil`. Returns false when another instance took it first.
   */
  async claim(id: string, attempts: number, leaseUntil: number): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_outbox')
      .set({ attempts: attempts + 1, next_attempt_at: leaseUntil })
      .where('id', '=', id)
      .where('attempts', '=', attempts)
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Delivered: the body is dropped, as it may carry a single-use link. */
  async markSent(id: string, at: number): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ sent_at: at, body: '', last_error: null }).where('id', '=', id).execute();
  }

  async markRetry(id: string, error: string, nextAttemptAt: number): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ last_error: error, next_attempt_at: nextAttemptAt })
      .where('id', '=', id)
      .execute();
  }

  async markFailed(id: string, error: string, at: number): Promise<void> {
    await this.db.updateTable('mail_outbox').set({ last_error: error, failed_at: at }).where('id', '=', id).execute();
  }
}
