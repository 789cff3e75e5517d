import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { eventPartitions, monthIndexOf, monthStartMs, partitionName } from '../../src/db/partitions.js';
import type { Schema } from '../../src/db/schema.js';
import { ManualClock } from '../../src/lib/clock.js';
import { newIdAt } from '../../src/lib/ids.js';
import { AnalyticsRepository } from '../../src/traffic/analytics/store/analytics.repository.js';
import { EventsRepository } from '../../src/traffic/events/store/events.repository.js';
import { SaltsRepository } from '../../src/traffic/events/store/events.salts.js';
import { SYSTEM } from '../../src/platform/authz/roles.policy.js';
import { EventsService } from '../../src/traffic/events/events.service.js';
import { describeEach, STORES, type StoreTarget } from '../support/stores.js';

const DAY = 86_400_000;
/** The month the store was migrated in (the migration reads the real date to place its first partition). */
const NOW_MONTH = monthIndexOf(Date.now());
const at = (monthOffset: number, day = 10) => monthStartMs(NOW_MONTH + monthOffset) + (day - 1) * DAY;

function eventRow(occurredAt: number, id = newIdAt(occurredAt)) {
  return {
    id,
    account_id: 'a',
    type: 'scan',
    target_id: 't',
    code_id: 't',
    link_id: null,
    occurred_at: occurredAt,
    placement: null,
    country: null,
    region: null,
    city: null,
    os: null,
    device: null,
    browser: null,
  };
}

const countIn = async (db: Kysely<Schema>, table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.id(table)}`.execute(db)).rows[0]!.n;

async function withStore(store: StoreTarget, fn: (database: Database) => Promise<void>) {
  const target = await store.create();
  const database = openDatabase(target.url, { schema: target.schema });
  try {
    await migrateToLatest(database);
    await fn(database);
  } finally {
    await database.close();
    await target.drop();
  }
}

describeEach(STORES)('events retention by month ($name)', (store) => {
  it('drops whole months before the cutoff, then the rows left before it, and keeps the rest', async () => {
    await withStore(store, async (database) => {
      const times = [at(-2), at(1, 3), at(1, 20), at(2, 5), at(2, 25), at(3)];
      await database.db
        .insertInto('events')
        .values(times.map((t) => eventRow(t)))
        .execute();
      const clock = new ManualClock(at(2, 25) + 30 * DAY);
      const events = new EventsService(new EventsRepository(database.db), new SaltsRepository(database.db), clock);
      // The cutoff is the 25th of month +2: on PostgreSQL the history, this month and month +1 go
      // whole; month +2's 5th is deleted as a row, its 25th (at the cutoff) stays.
      expect(await events.purgeOlderThan(SYSTEM, 30)).toBe(4);
      const left = await database.db.selectFrom('events').select('occurred_at').orderBy('id').execute();
      expect(left.map((r) => Number(r.occurred_at))).toEqual([at(2, 25), at(3)]);
      if (store.name === 'postgres') {
        const names = (await eventPartitions(database.db)).map((p) => p.name);
        expect(names).not.toContain('events_history');
        expect(names).not.toContain(partitionName(NOW_MONTH + 1));
        expect(names).toContain(partitionName(NOW_MONTH + 2));
        expect(names).toContain('events_default');
      }
    });
  });
});

describeEach(STORES.filter((s) => s.name === 'postgres'))('the partitioned events table ($name)', (store) => {
  it('has the history, this month, three ahead and a default, each with the indexes', async () => {
    await withStore(store, async (database) => {
      const parts = await eventPartitions(database.db);
      expect(parts.map((p) => p.name)).toEqual([
        'events_history',
        ...[0, 1, 2, 3].map((m) => partitionName(NOW_MONTH + m)),
        'events_default',
      ]);
      const { rows } = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where schemaname = current_schema() and tablename = ${partitionName(NOW_MONTH)}`.execute(
        database.db,
      );
      expect(rows.map((r) => r.indexdef.replace(/^.*USING btree /, '')).sort()).toEqual(
        ['(account_id, id)', '(account_id, target_id, id)', '(account_id, type, id)', '(id)'].sort(),
      );
    });
  });

  it('stores a replayed id once, across months, and routes each event to its month', async () => {
    await withStore(store, async (database) => {
      const row = eventRow(at(1));
      for (let i = 0; i < 2; i += 1) {
        await database.db
          .insertInto('events')
          .values(row)
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
      expect(await countIn(database.db, 'events')).toBe(1);
      expect(await countIn(database.db, partitionName(NOW_MONTH + 1))).toBe(1);
    });
  });

  it('moves the default partition rows of a month into its partition when the month is prepared', async () => {
    await withStore(store, async (database) => {
      const far = at(9);
      await database.db
        .insertInto('events')
        .values([eventRow(far), eventRow(far + DAY), eventRow(at(11))])
        .execute();
      expect(await countIn(database.db, 'events_default')).toBe(3);
      const clock = new ManualClock(far);
      const repo = new EventsRepository(database.db);
      const events = new EventsService(repo, new SaltsRepository(database.db), clock);
      expect(await events.preparePartitions(1)).toEqual([partitionName(NOW_MONTH + 9), partitionName(NOW_MONTH + 10)]);
      expect(await countIn(database.db, partitionName(NOW_MONTH + 9))).toBe(2);
      expect(await countIn(database.db, 'events_default')).toBe(1);
      expect(await countIn(database.db, 'events')).toBe(3);
      // Preparing again changes nothing.
      expect(await events.preparePartitions(1)).toEqual([]);
    });
  });
});

describeEach(STORES)('the event log over months of partitions ($name)', (store) => {
  it('pages newest first over years of events, step by step back in time, missing none', async () => {
    await withStore(store, async (database) => {
      const now = at(0);
      // Around every step of the walk (31, 124 and 496 days back), one in the future, and another account's.
      const daysAgo = [-1, 0, 1, 30, 32, 100, 125, 130, 400, 497, 600, 2000];
      const row = (ago: number, accountId: string) => ({ ...eventRow(now - ago * DAY), account_id: accountId });
      await database.db
        .insertInto('events')
        .values([...daysAgo.map((ago) => row(ago, 'a')), ...daysAgo.map((ago) => row(ago + 0.5, 'b'))])
        .execute();
      const reads = new AnalyticsRepository(database.db);
      const expected = daysAgo.map((ago) => now - ago * DAY);

      expect((await reads.page({ accountId: 'a', limit: 100, now })).map((e) => e.occurredAt)).toEqual(expected);
      const walked: number[] = [];
      let before: string | undefined;
      for (let i = 0; i < daysAgo.length; i += 1) {
        const page = await reads.page({ accountId: 'a', codeId: 't', limit: 3, now, ...(before ? { before } : {}) });
        walked.push(...page.map((e) => e.occurredAt));
        if (page.length < 3) break;
        before = page.at(-1)!.id;
      }
      expect(walked).toEqual(expected);
      // Without the time now (a caller of its own), the same page in one ordered read.
      expect((await reads.page({ accountId: 'a', limit: 5 })).map((e) => e.occurredAt)).toEqual(expected.slice(0, 5));
    });
  });

  it("ends a code's walk at the oldest time it can have events from, not at the oldest month", async () => {
    await withStore(store, async (database) => {
      const now = at(0);
      const daysAgo = [0, 40, 200, 600, 2000];
      await database.db
        .insertInto('events')
        .values(daysAgo.map((ago) => eventRow(now - ago * DAY)))
        .execute();
      const reads = new AnalyticsRepository(database.db);
      const occurred = async (since?: number, limit = 10) =>
        (await reads.page({ accountId: 'a', codeId: 't', limit, now, since })).map((e) => e.occurredAt);

      expect(await occurred()).toEqual(daysAgo.map((ago) => now - ago * DAY));
      // Nothing can be older than `since` (the code's creation): the walk reads back to it and no further.
      expect(await occurred(now - 700 * DAY)).toEqual([0, 40, 200, 600].map((ago) => now - ago * DAY));
      // Inside a step's reach too: the step is cut at `since`.
      expect(await occurred(now - 100 * DAY)).toEqual([0, 40].map((ago) => now - ago * DAY));
      // Paging on from a cursor keeps the bound.
      const first = await reads.page({ accountId: 'a', codeId: 't', limit: 2, now, since: now - 700 * DAY });
      const rest = await reads.page({ accountId: 'a', codeId: 't', limit: 10, before: first.at(-1)!.id, since: now - 700 * DAY });
      expect(rest.map((e) => e.occurredAt)).toEqual([200, 600].map((ago) => now - ago * DAY));
    });
  });
});
