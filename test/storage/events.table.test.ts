import { AnalyticsRepository } from '../../src/traffic/analytics/store/analytics.repository.js';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js';
import { newIdAt } from '../../src/lib/ids.js';
import { EventKeys } from '../../src/traffic/events/store/event-keys.js';
import { EventsRepository } from '../../src/traffic/events/store/events.repository.js';
import { moveLegacyEvents } from '../../src/traffic/events/store/legacy-move.js';
import { describeEach, STORES } from '../support/stores.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 15, 12);

describeEach(STORES)('the events table across upgrades ($name)', (store) => {
  it('keeps every event through the upgrades, then lists them newest first and retires the old ones', async () => {
    const target = await store.create();
    const database = openDatabase(target.url, { schema: target.schema });
    try {
      await migrateTo(database, '0009_rollup_months');
      const account = newIdAt(T0);
      const code = newIdAt(T0);
      const link = newIdAt(T0);
      const rows = [0, 1, 2, 40, 41].map((daysAgo, i) => ({
        id: newIdAt(T0 - daysAgo * DAY),
        account_id: account,
        type: i % 2 ? 'link_click' : 'scan',
        target_id: i % 2 ? link : code,
        code_id: i % 2 ? null : code,
        link_id: i % 2 ? link : null,
        occurred_at: T0 - daysAgo * DAY,
        placement: i === 0 ? 'poster' : null,
        country: 'DE',
        region: null,
        city: null,
        os: 'iOS',
        device: 'mobile',
        browser: 'Mobile Safari',
      }));

      // The 0009 table's own shape, which the store's types no longer describe.
      await (database.db as unknown as Kysely<{ events: (typeof rows)[number] }>).insertInto('events').values(rows).execute();

      // Through every later migration (the clustered table, the partitions), then moved to compact rows.
      await migrateToLatest(database);
      expect(await moveLegacyEvents(database.db)).toEqual({ moved: rows.length });
      const keys = new EventKeys(database.db);
      const repo = new EventsRepository(database.db, keys, database.bulk);
      const reads = new AnalyticsRepository(database.db, keys);
      const scans = await reads.page({ accountId: account, codeId: code, limit: 10 });
      expect(scans.map((e) => e.occurredAt)).toEqual([T0, T0 - 2 * DAY, T0 - 41 * DAY]);
      const newest = await reads.page({ accountId: account, limit: 2 });
      expect(newest.map((e) => e.occurredAt)).toEqual([T0, T0 - DAY]);

      // Retention: the events older than 30 days go, found by the order they were stored in, a chunk at a time.
      expect(await repo.deleteOlderThan(T0 - 30 * DAY, 1)).toBe(1);
      expect(await repo.deleteOlderThan(T0 - 30 * DAY, 10)).toBe(1);
      expect(await repo.deleteOlderThan(T0 - 30 * DAY, 10)).toBe(0);
      const left = await database.db.selectFrom('events').select('at').execute();
      expect(left.map((r) => Number(r.at)).sort()).toEqual([T0 - 2 * DAY, T0 - DAY, T0].sort());
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
