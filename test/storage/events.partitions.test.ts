import { sql, type Kysely, type KyselyPlugin } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js';
import { dropPartition, eventPartitions, RANGE_SIZE, rangeName } from '../../src/db/partitions.js';
import type { Schema } from '../../src/db/schema.js';
import { ManualClock } from '../../src/lib/clock.js';
import { newIdAt } from '../../src/lib/ids.js';
import { SYSTEM } from '../../src/platform/authz/roles.policy.js';
import { EventsService } from '../../src/traffic/events/events.service.js';
import { EventsRepository } from '../../src/traffic/events/store/events.repository.js';
import { EventKeys } from '../../src/traffic/events/store/event-keys.js';
import {
  deleteOlderThan,
  dropRangesBefore,
  ensureRangesAhead,
  seqBefore,
} from '../../src/traffic/events/store/events.retention.js';
import { SaltsRepository } from '../../src/traffic/events/store/events.salts.js';
import { describeEach, STORES, type StoreTarget } from '../support/stores.js';

const DAY = 86_400_000;
/** A small range, so a test fills several. */
const SIZE = 100;

async function withStore(store: StoreTarget, fn: (database: Database) => Promise<void>, migrate = migrateToLatest) {
  const target = await store.create();
  const database = openDatabase(target.url, { schema: target.schema });
  try {
    await migrate(database);
    await fn(database);
  } finally {
    await database.close();
    await target.drop();
  }
}

/** Records events that occurred at `times`, in that order (seq from the table's default). */
async function record(db: Kysely<Schema>, times: readonly number[]): Promise<void> {
  for (let i = 0; i < times.length; i += 500) {
    await db
      .insertInto('events')
      .values(times.slice(i, i + 500).map((at) => ({ account: 1, target: 1, type: 1, at })))
      .execute();
  }
}

const seqs = async (db: Kysely<Schema>) =>
  (await db.selectFrom('events').select(['seq', 'at']).orderBy('seq').execute()).map((r) => ({
    seq: Number(r.seq),
    at: Number(r.at),
  }));

const countIn = async (db: Kysely<Schema>, table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.id(table)}`.execute(db)).rows[0]!.n;

/** The sequence's next value is `next`. */
const nextSeq = (db: Kysely<Schema>, next: number) => sql`select setval('events_seq', ${next}, false)`.execute(db);

/** Only the default partition left, for ranges of the tests' size (the migration's are RANGE_SIZE). */
async function withoutRanges(db: Kysely<Schema>): Promise<void> {
  for (const p of await eventPartitions(db)) if (p.from !== null) await dropPartition(db, p.name);
}

/** The same builder, counting the statements it runs. */
function counted(db: Kysely<Schema>): { db: Kysely<Schema>; statements: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      n += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), statements: () => n };
}

describeEach(STORES)('seqBefore ($name)', (store) => {
  it('is null on an empty store or when every event is at or after the cutoff', async () => {
    await withStore(store, async ({ db }) => {
      expect(await seqBefore(db, Date.now())).toBeNull();
      await record(db, [1000, 2000, 3000]);
      expect(await seqBefore(db, 1000)).toBeNull();
      expect(await seqBefore(db, 0)).toBeNull();
    });
  });

  it('is the last event when every one is before the cutoff, and exact at the boundary', async () => {
    await withStore(store, async ({ db }) => {
      await record(db, [1000, 2000, 3000, 4000]);
      const [a, b, c, d] = (await seqs(db)).map((r) => r.seq);
      expect(await seqBefore(db, 4001)).toBe(d);
      expect(await seqBefore(db, 4000)).toBe(c);
      expect(await seqBefore(db, 3000)).toBe(b);
      expect(await seqBefore(db, 2999)).toBe(b);
      expect(await seqBefore(db, 1001)).toBe(a);
    });
  });

  it('agrees with a scan at every cutoff, across gaps in seq, in few probes', async () => {
    await withStore(store, async ({ db }) => {
      // Several events per millisecond, some runs of one time, and deleted stretches.
      const times = Array.from({ length: 1000 }, (_, i) => 1_000_000 + Math.floor(i / 3) * 10);
      await record(db, times);
      const all = await seqs(db);
      const gone = all.filter((r) => (r.seq > 100 && r.seq < 400) || r.seq % 7 === 0).map((r) => r.seq);
      for (let i = 0; i < gone.length; i += 500)
        await db
          .deleteFrom('events')
          .where('seq', 'in', gone.slice(i, i + 500))
          .execute();
      const left = await seqs(db);
      const probe = counted(db);
      for (let cutoff = 999_990; cutoff <= 1_000_000 + 3400; cutoff += 5) {
        const expected = left.filter((r) => r.at < cutoff).at(-1)?.seq ?? null;
        const before = probe.statements();
        expect(await seqBefore(probe.db, cutoff)).toBe(expected);
        // The two ends, then at most log2 of the span of seqs.
        expect(probe.statements() - before).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(1000)));
      }
    });
  });
});

describeEach(STORES)('events retention by time ($name)', (store) => {
  it('deletes exactly the events before the cutoff, oldest first, in chunks', async () => {
    await withStore(store, async ({ db }) => {
      await record(
        db,
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((s) => s * 1000),
      );
      expect(await deleteOlderThan(db, 7500, 3)).toBe(3);
      expect((await seqs(db)).map((r) => r.at)[0]).toBe(4000);
      expect(await deleteOlderThan(db, 7500, 3)).toBe(3);
      expect(await deleteOlderThan(db, 7500, 3)).toBe(1);
      expect(await deleteOlderThan(db, 7500, 3)).toBe(0);
      expect((await seqs(db)).map((r) => r.at)).toEqual([8000, 9000, 10000]);
    });
  });

  it('purges through the service: ranges dropped whole where partitioned, the rest by rows', async () => {
    await withStore(store, async (database) => {
      const now = Date.UTC(2030, 0, 1);
      const times = [100, 60, 45, 31, 30, 29, 1].map((ago) => now - ago * DAY);
      await record(database.db, times);
      const events = new EventsService(
        new EventsRepository(database.db, new EventKeys(database.db), database.bulk),
        new SaltsRepository(database.db),
        new ManualClock(now),
      );
      expect(await events.purgeOlderThan(SYSTEM, 30, 2)).toBe(4);
      expect((await seqs(database.db)).map((r) => r.at)).toEqual(times.slice(4));
      expect(await events.purgeOlderThan(SYSTEM, 30, 2)).toBe(0);
      // SQLite has no partitions to make or drop.
      if (store.name === 'sqlite') {
        expect(await events.preparePartitions()).toEqual([]);
        expect(await dropRangesBefore(database.db, now)).toBe(0);
      }
    });
  });
});

describeEach(STORES.filter((s) => s.name === 'postgres'))('the events table by ranges of seq ($name)', (store) => {
  it('starts with the first two ranges and a default partition, each with the indexes', async () => {
    await withStore(store, async ({ db }) => {
      expect(await eventPartitions(db)).toEqual([
        { name: 'events_r000000', from: 0, to: RANGE_SIZE },
        { name: 'events_r000001', from: RANGE_SIZE, to: 2 * RANGE_SIZE },
        { name: 'events_default', from: null, to: null },
      ]);
      const { rows } = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where schemaname = current_schema() and tablename = 'events_r000000'`.execute(db);
      expect(rows.map((r) => r.indexdef.replace(/^.*USING btree /, '')).sort()).toEqual([
        '(account, type, seq)',
        '(seq)',
        '(target, seq)',
      ]);
      await record(db, [1000, 2000]);
      expect(await countIn(db, 'events_r000000')).toBe(2);
      expect(await ensureRangesAhead(db)).toEqual([]);
    });
  });

  it('creates the range being written and the next one, once', async () => {
    await withStore(store, async ({ db }) => {
      await withoutRanges(db);
      expect(await ensureRangesAhead(db, SIZE)).toEqual([rangeName(0), rangeName(1)]);
      expect(await ensureRangesAhead(db, SIZE)).toEqual([]);
      // The next seq is the first of range 2 (the last handed out was 199).
      await sql`select setval('events_seq', 199)`.execute(db);
      expect(await ensureRangesAhead(db, SIZE)).toEqual([rangeName(2), rangeName(3)]);
      await nextSeq(db, 250);
      expect(await ensureRangesAhead(db, SIZE)).toEqual([]);
      await nextSeq(db, 12_345_678);
      expect(await ensureRangesAhead(db, SIZE)).toEqual(['events_r123456', 'events_r123457']);
      expect((await eventPartitions(db)).map((p) => [p.name, p.from, p.to])).toEqual([
        [rangeName(0), 0, 100],
        [rangeName(1), 100, 200],
        [rangeName(2), 200, 300],
        [rangeName(3), 300, 400],
        ['events_r123456', 12_345_600, 12_345_700],
        ['events_r123457', 12_345_700, 12_345_800],
        ['events_default', null, null],
      ]);
    });
  });

  it('moves the rows the default partition caught for a range into its partition', async () => {
    await withStore(store, async ({ db }) => {
      await withoutRanges(db);
      await record(db, [1, 2, 3, 4, 5]);
      await nextSeq(db, 150);
      await record(db, [6, 7, 8]);
      await nextSeq(db, 1000);
      await record(db, [9]);
      expect(await countIn(db, 'events_default')).toBe(9);
      await nextSeq(db, 6);
      expect(await ensureRangesAhead(db, SIZE)).toEqual([rangeName(0), rangeName(1)]);
      expect(await countIn(db, rangeName(0))).toBe(5);
      expect(await countIn(db, rangeName(1))).toBe(3);
      expect(await countIn(db, 'events_default')).toBe(1);
      expect((await seqs(db)).map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 150, 151, 152, 1000]);
    });
  });

  it('drops only the ranges wholly before the cutoff, and counts their events', async () => {
    await withStore(store, async ({ db }) => {
      await withoutRanges(db);
      await ensureRangesAhead(db, SIZE);
      // seq s occurred at s seconds.
      await record(
        db,
        Array.from({ length: 250 }, (_, i) => (i + 1) * 1000),
      );
      expect(await ensureRangesAhead(db, SIZE)).toEqual([rangeName(2), rangeName(3)]);
      // Before 120 s: seqs up to 119, so range 0 (up to 99) goes whole, range 1 not.
      expect(await dropRangesBefore(db, 120_000)).toBe(99);
      expect((await eventPartitions(db)).map((p) => p.name)).toEqual([
        rangeName(1),
        rangeName(2),
        rangeName(3),
        'events_default',
      ]);
      expect(await dropRangesBefore(db, 120_000)).toBe(0);
      // Range 1 goes once its last seq (199, at 199 s) is before the cutoff.
      expect(await dropRangesBefore(db, 199_000)).toBe(0);
      expect(await dropRangesBefore(db, 199_001)).toBe(100);
      // Every event is old, but the range being written is not whole: it stays, and so does the next.
      expect(await dropRangesBefore(db, 10_000_000)).toBe(0);
      expect((await eventPartitions(db)).map((p) => p.name)).toEqual([rangeName(2), rangeName(3), 'events_default']);
      expect(await countIn(db, 'events')).toBe(51);
      // The rows left before a cutoff are deleted by rows.
      expect(await deleteOlderThan(db, 220_000, 100)).toBe(20);
      expect((await seqs(db))[0]!.seq).toBe(220);
    });
  });

  it('creates each partition once when several instances prepare them at the same time', async () => {
    await withStore(store, async ({ db }) => {
      await withoutRanges(db);
      await nextSeq(db, 420);
      const created = (await Promise.all([1, 2, 3, 4].map(() => ensureRangesAhead(db, SIZE)))).flat();
      expect(created.sort()).toEqual([rangeName(4), rangeName(5)]);
      expect((await eventPartitions(db)).map((p) => p.name)).toEqual([rangeName(4), rangeName(5), 'events_default']);
    });
  });

  it('upgrades a store from before 0016: its months become legacy partitions, events start in ranges', async () => {
    const now = Date.now();
    // The month `ahead` months after this one, as 0016 named its partitions.
    const month = (ahead: number) => {
      const d = new Date(now);
      const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + ahead, 1));
      return `events_${first.getUTCFullYear()}_${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    await withStore(
      store,
      async (database) => {
        const id = newIdAt(now - 400 * DAY);
        await sql`insert into events (id, account_id, type, target_id, code_id, occurred_at)
          values (${id}, 'a', 'scan', 't', 't', ${now - 400 * DAY})`.execute(database.db);
        await migrateTo(database, '0017_gs1_namespaces');
        const months = await sql<{ name: string }>`
          select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
           where i.inhparent = 'events'::regclass order by 1`.execute(database.db);
        expect(months.rows.map((r) => r.name)).toEqual(['events_history', ...[0, 1, 2, 3].map(month), 'events_default'].sort());
        expect(await countIn(database.db, 'events_history')).toBe(1);
        await migrateToLatest(database);
        expect(await countIn(database.db, 'legacy_events')).toBe(1);
        expect(await countIn(database.db, 'legacy_events_default')).toBe(0);
        expect((await eventPartitions(database.db)).map((p) => p.name)).toEqual([
          'events_r000000',
          'events_r000001',
          'events_default',
        ]);
      },
      (database) => migrateTo(database, '0015_media'),
    );
  });
});
