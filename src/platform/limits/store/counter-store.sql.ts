import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../../db/dialect.js';
import type { Schema } from '../../../db/schema.js';
import { takeInTurn, type CounterStore, type Take, type Taken } from '../counter-store.js';

/**
 * Counters in a SQL table: one conditional upsert per take, atomic on both engines. On PostgreSQL the
 * table is the store's; on a SQLite store it is in a file of its own, closed with `close`.
 */
export class SqlCounterStore implements CounterStore {
  /** PostgreSQL is a round trip away: `takeThen` is one statement there (SQLite's calls are in-process). */
  private readonly remote: boolean;

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly closeDb: () => Promise<void> = async () => undefined,
  ) {
    this.remote = dialectOf(db) === 'postgres';
  }

  async take(key: string, limit: number, expiresAt: number): Promise<Taken> {
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

  async takeThen(first: Take, second: Take & { take: boolean }): Promise<[Taken, Taken]> {
    if (!this.remote || first.limit <= 0 || second.limit <= 0) return takeInTurn(this, first, second);
    // Both upserts in one statement: the second adds only if the first did. The last select reads the
    // statement's snapshot, taken before either upsert: the second counter's value when it was not taken.
    // Written on every API request, the statement commits without waiting for its WAL flush:
    // a crash of PostgreSQL itself may forget the last fraction of a second of counts, never more.
    // `commit_mode` is selected so that the `unflushed` CTE is evaluated at all.
    const { rows } = await sql<{ first: string | null; second: string | null; current: string | null }>`
      with unflushed as (select set_config('synchronous_commit', 'off', true) as setting), first as (
        insert into counters (key, count, expires_at) values (${first.key}, 1, ${first.expiresAt})
        on conflict (key) do update set count = counters.count + 1 where counters.count < ${first.limit}
        returning count
      ), second as (
        insert into counters (key, count, expires_at)
        select ${second.key}, 1, ${second.expiresAt} where ${second.take} and exists (select 1 from first)
        on conflict (key) do update set count = counters.count + 1 where counters.count < ${second.limit}
        returning count
      )
      select (select count from first) as first, (select count from second) as second,
        (select count from counters where key = ${second.key}) as current,
        (select setting from unflushed) as commit_mode`.execute(this.db);
    const row = rows[0]!;
    const one = row.first === null ? { taken: false, count: first.limit } : { taken: true, count: Number(row.first) };
    if (row.second !== null) return [one, { taken: true, count: Number(row.second) }];
    const attempted = one.taken && second.take;
    return [one, { taken: false, count: attempted ? second.limit : Number(row.current ?? 0) }];
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
