import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../db/schema.js';
import type { CounterStore } from './counter-store.js';

/**
 * Counters in a SQL table: one conditional upsert per take, atomic on both engines. On PostgreSQL the
 * table is the store's; on a SQLite store it is in a file of its own (ADR 0157), closed with `close`.
 */
export class SqlCounterStore implements CounterStore {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly closeDb: () => Promise<void> = async () => undefined,
  ) {}

  async take(key: string, limit: number, expiresAt: number): Promise<{ taken: boolean; count: number }> {
    if (limit <= 0) return { taken: false, count: await this.read(key) };
    const row = await this.db
      .insertInto('counters')
      .values({ key, count: 1, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ count: sql<number>`counters.count + 1` })
          .where('counters.count', '<', limit),
      )
      .returning('count')
      .executeTakeFirst();
    return row ? { taken: true, count: Number(row.count) } : { taken: false, count: limit };
  }

  async read(key: string): Promise<number> {
    const row = await this.db.selectFrom('counters').select('count').where('key', '=', key).executeTakeFirst();
    return row ? Number(row.count) : 0;
  }

  async purgeExpired(now: number): Promise<void> {
    await this.db.deleteFrom('counters').where('expires_at', '<', now).execute();
  }

  async close(): Promise<void> {
    await this.closeDb();
  }
}
