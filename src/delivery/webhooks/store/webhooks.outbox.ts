import { sql, type Kysely, type Selectable } from 'kysely';
import { fromColumns } from '../../../db/columns.js';
import type { Database } from '../../../db/database.js';
import { skipLocked } from '../../../db/dialect.js';
import type { Schema, WebhookDeliveriesTable, WebhooksTable } from '../../../db/schema.js';
import type { WebhookDelivery, DeliveryStatus, Webhook, WebhookStatus } from '../webhooks.types.js';

export const toWebhook = (row: Selectable<WebhooksTable>): Webhook => ({
  ...fromColumns(row, 'id account_id url secret disabled_reason failing_since created_at'),
  events: row.events.split(' ').filter(Boolean),
  status: row.status as WebhookStatus,
});

/** Rolls back a retry that found no failed delivery, so the subscription is left as it was. */
class NothingToRetry extends Error {}

const toDelivery = (row: Selectable<WebhookDeliveriesTable>): WebhookDelivery => ({
  ...fromColumns(
    row,
    'id webhook_id account_id event_id event_type payload attempts next_attempt_at last_status last_error response_excerpt created_at completed_at',
  ),
  status: row.status as DeliveryStatus,
});

export interface AttemptResult {
  status: number | null;
  error: string | null;
  excerpt: string | null;
}

/** The outbox as the delivery job sees it: claiming what is due and recording each attempt. */
export type DeliveryOutbox = Pick<WebhookOutbox, 'claimDue' | 'succeeded' | 'failed' | 'disable' | 'queue'>;

/**
 * The delivery outbox (`webhook_deliveries`): writing deliveries, claiming what is due across
 * instances, recording each attempt, and the subscription state those attempts change (failing,
 * turned off, back on).
 */
export class WebhookOutbox {
  protected readonly db: Kysely<Schema>;

  constructor(protected readonly database: Database) {
    this.db = database.db;
  }

  /** Writes deliveries; a repeat of the same event for the same subscription is ignored. */
  async enqueue(
    rows: Omit<WebhookDelivery, 'lastStatus' | 'lastError' | 'responseExcerpt' | 'completedAt'>[],
    db: Kysely<Schema> = this.db,
  ) {
    if (rows.length === 0) return;
    await db
      .insertInto('webhook_deliveries')
      .values(
        rows.map((d) => ({
          id: d.id,
          webhook_id: d.webhookId,
          account_id: d.accountId,
          event_id: d.eventId,
          event_type: d.eventType,
          payload: d.payload,
          status: d.status,
          attempts: d.attempts,
          next_attempt_at: d.nextAttemptAt,
          locked_until: null,
          created_at: d.createdAt,
        })),
      )
      .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
      .execute();
  }

  /**
   * Claims due deliveries for `lockMs`. Instances sharing a PostgreSQL store skip each other's rows,
   * so no delivery is sent by two instances at once; an instance that dies releases its claim when
   * the lock lapses.
   *
   * The job asks twice a second, nearly always to find nothing: so it first looks without a
   * transaction, and begins one only when something is due. On SQLite a transaction takes the write
   * lock first and holds the connection while it waits for the events writer, and every
   * read of this process waits with it.
   */
  async claimDue(now: number, limit: number, lockMs: number): Promise<{ delivery: WebhookDelivery; webhook: Webhook }[]> {
    const anyDue = await this.due(this.db, now).limit(1).execute();
    if (anyDue.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const due = skipLocked(this.due(trx, now).orderBy('next_attempt_at').limit(limit), this.database.dialect);
      const ids = (await due.execute()).map((r) => r.id);
      if (ids.length === 0) return [];
      const claimed = await trx
        .updateTable('webhook_deliveries')
        .set({ locked_until: now + lockMs })
        .where('id', 'in', ids)
        .returningAll()
        .execute();
      const hooks = await trx
        .selectFrom('webhooks')
        .selectAll()
        .where('id', 'in', [...new Set(claimed.map((c) => c.webhook_id))])
        .execute();
      const byId = new Map(hooks.map((h) => [h.id, toWebhook(h)]));
      return claimed.flatMap((row) => {
        const webhook = byId.get(row.webhook_id);
        return webhook ? [{ delivery: toDelivery(row), webhook }] : [];
      });
    });
  }

  /** Pending deliveries whose attempt is due at `now` and which no sender holds. */
  private due(db: Kysely<Schema>, now: number) {
    return db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]));
  }

  /** The outbox at a glance (/metrics): deliveries waiting, those due now, the oldest due, failing subscriptions. */
  async queue(now: number): Promise<{ pending: number; due: number; oldestDueAt: number | null; failingHooks: number }> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => [
        eb.fn.countAll<number>().as('pending'),
        sql<number | null>`sum(case when next_attempt_at <= ${now} then 1 else 0 end)`.as('due'),
        eb.fn.min('next_attempt_at').as('oldest'),
      ])
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const failing = await this.db
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'active')
      .where('failing_since', 'is not', null)
      .executeTakeFirst();
    const oldest = row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
    return {
      pending: Number(row?.pending ?? 0),
      due: Number(row?.due ?? 0),
      oldestDueAt: oldest !== null && oldest <= now ? oldest : null,
      failingHooks: Number(failing?.n ?? 0),
    };
  }

  /** Records a success: one statement, plus clearing the subscription's failure mark when it had one. */
  async succeeded(delivery: WebhookDelivery, result: AttemptResult, at: number, clearFailing: boolean): Promise<void> {
    await this.finishAttempt(this.db, delivery, result, { status: 'succeeded', completed_at: at });
    if (clearFailing)
      await this.db.updateTable('webhooks').set({ failing_since: null }).where('id', '=', delivery.webhookId).execute();
  }

  /**
   * Records a failed attempt: retried at `retryAt`, or failed for good when it is null. Like `disable`,
   * it touches the subscription row before its deliveries, so the two never wait on each other in a cycle.
   */
  async failed(delivery: WebhookDelivery, result: AttemptResult, at: number, retryAt: number | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhooks')
        .set((eb) => ({ failing_since: eb.fn.coalesce('failing_since', eb.val(at)) }))
        .where('id', '=', delivery.webhookId)
        .execute();
      await this.finishAttempt(
        trx,
        delivery,
        result,
        retryAt === null ? { status: 'failed', completed_at: at } : { status: 'pending', next_attempt_at: retryAt },
      );
    });
  }

  /** Turns a subscription off and cancels what it still had to receive. */
  async disable(webhookId: string, reason: string, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhooks')
        .set({ status: 'disabled', disabled_reason: reason })
        .where('id', '=', webhookId)
        .execute();
      await this.cancelPending(trx, webhookId, at);
    });
  }

  /**
   * Puts a delivery that failed for good (or was cancelled when its subscription was turned off) back
   * in the outbox, due at `at`, with the same webhook-id, and turns the subscription back on: retrying
   * says the target works again. The subscription row is touched before its delivery, like `disable`.
   */
  async retry(webhookId: string, deliveryId: string, at: number): Promise<WebhookDelivery | null> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('webhooks')
          .set({ status: 'active', disabled_reason: null, failing_since: null })
          .where('id', '=', webhookId)
          .execute();
        const row = await trx
          .updateTable('webhook_deliveries')
          .set({ status: 'pending', next_attempt_at: at, completed_at: null, locked_until: null })
          .where('id', '=', deliveryId)
          .where('webhook_id', '=', webhookId)
          .where('status', 'in', ['failed', 'cancelled'])
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new NothingToRetry();
        return toDelivery(row);
      })
      .catch((error: unknown) => {
        if (error instanceof NothingToRetry) return null;
        throw error;
      });
  }

  async findDelivery(webhookId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', deliveryId)
      .where('webhook_id', '=', webhookId)
      .executeTakeFirst();
    return row ? toDelivery(row) : null;
  }

  async deliveries(webhookId: string, limit: number): Promise<WebhookDelivery[]> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toDelivery);
  }

  private async finishAttempt(
    trx: Kysely<Schema>,
    delivery: WebhookDelivery,
    result: AttemptResult,
    next: { status: DeliveryStatus; completed_at?: number; next_attempt_at?: number },
  ): Promise<void> {
    await trx
      .updateTable('webhook_deliveries')
      .set({
        ...next,
        attempts: delivery.attempts + 1,
        locked_until: null,
        last_status: result.status,
        last_error: result.error,
        response_excerpt: result.excerpt,
      })
      .where('id', '=', delivery.id)
      .where('status', '=', 'pending')
      .execute();
  }

  protected async cancelPending(trx: Kysely<Schema>, webhookId: string, at: number): Promise<void> {
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'cancelled', completed_at: at, locked_until: null })
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'pending')
      .execute();
  }
}
