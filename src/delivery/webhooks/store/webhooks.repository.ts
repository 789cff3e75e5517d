import type { Kysely } from 'kysely';
import { toColumns } from '../../../db/columns.js';
import type { Schema } from '../../../db/schema.js';
import { deleteOwned, findOwned } from '../../../db/owned.js';
import { toWebhook, WebhookOutbox } from './webhooks.outbox.js';
import type { Webhook } from '../webhooks.types.js';

/** Subscriptions (`webhooks`), over the delivery outbox they feed (`webhooks.outbox.ts`). */
export class WebhooksRepository extends WebhookOutbox {
  async insert(hook: Webhook): Promise<void> {
    await this.db
      .insertInto('webhooks')
      .values({
        ...toColumns(hook, 'id accountId url secret status disabledReason failingSince createdAt'),
        events: hook.events.join(' '),
      })
      .execute();
  }

  async list(accountId: string): Promise<Webhook[]> {
    const rows = await this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toWebhook);
  }

  async find(accountId: string, id: string): Promise<Webhook | null> {
    const row = await findOwned(this.db, 'webhooks', accountId, id);
    return row ? toWebhook(row) : null;
  }

  /** Removes a subscription and cancels what it still had to receive, in one transaction. */
  async delete(accountId: string, id: string, at: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await deleteOwned(trx, 'webhooks', accountId, id))) return false;
      await this.cancelPending(trx, id, at);
      return true;
    });
  }

  /** Active subscriptions of these accounts (one query per batch of events). */
  async activeFor(accountIds: string[], db: Kysely<Schema> = this.db): Promise<Webhook[]> {
    if (accountIds.length === 0) return [];
    const rows = await db
      .selectFrom('webhooks')
      .selectAll()
      .where('account_id', 'in', accountIds)
      .where('status', '=', 'active')
      .execute();
    return rows.map(toWebhook);
  }
}
