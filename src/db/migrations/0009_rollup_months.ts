import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../../lib/clock.js';

/**
 * The months whose monthly breakdowns are built: a month is compacted when it is at or
 * before the latest month recorded here. Until this migration every batch kept the monthly breakdowns
 * of every month, so on a store that has any, every month before the current one is complete: one row
 * for the previous month says so. The current month is left to the compaction job, which rebuilds it
 * from the daily breakdowns once it is over. A new store starts empty; the job then begins at the
 * first month with events.
 */
export async function up(db: Kysely<any>, clock: Clock = systemClock): Promise<void> {
  await db.schema
    .createTable('rollup_months')
    .addColumn('month', 'integer', (c) => c.primaryKey())
    .addColumn('compacted_at', 'bigint', (c) => c.notNull())
    .execute();
  const kept = await db.selectFrom('event_breakdowns_monthly').select('month').limit(1).executeTakeFirst();
  if (kept) {
    const now = new Date(clock.now());
    // Months since 1970-01, as `monthOf` counts them.
    const current = (now.getUTCFullYear() - 1970) * 12 + now.getUTCMonth();
    await db
      .insertInto('rollup_months')
      .values({ month: current - 1, compacted_at: now.getTime() })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rollup_months').execute();
}
