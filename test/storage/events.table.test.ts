import { AnalyticsRepository } from '../../src/traffic/analytics/store/analytics.repository.js';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js';
import { newIdAt } from '../../src/lib/ids.js';
import { EventsRepository } from '../../src/traffic/events/store/events.repository.js';
import { describeEach, STORES } from '../support/stores.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 15, 12);

describeEach(STORES)('the events table across upgrades ($name)', (store) => {
  it('keeps every event through the upgrade, then lists and retires them by id', async () => {
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
      await database.db.insertInto('events').values(rows).execute();

      await migrateToLatest(database);
      const after = await database.db.selectFrom('events').selectAll().orderBy('id').execute();
      expect(after.map((r) => ({ ...r, occurred_at: Number(r.occurred_at) }))).toEqual(
        [...rows].sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
      if (store.name === 'sqlite') {
        const { rows: ddl } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'events'`.execute(
          database.db,
        );
        expect(ddl[0]!.sql.toLowerCase()).toContain('without rowid');
      }

      const repo = new EventsRepository(database.db);
      const reads = new AnalyticsRepository(database.db);
      const scans = await reads.page({ accountId: account, codeId: code, limit: 10 });
      expect(scans.map((e) => e.occurredAt)).toEqual([T0, T0 - 2 * DAY, T0 - 41 * DAY]);
      const newest = await reads.page({ accountId: account, limit: 2 });
      expect(newest.map((e) => e.occurredAt)).toEqual([T0, T0 - DAY]);

      // Retention: the events older than 30 days go, found by their ids, a chunk at a time.
      expect(await repo.deleteOlderThan(T0 - 30 * DAY, 1)).toBe(1);
      expect(await repo.deleteOlderThan(T0 - 30 * DAY, 10)).toBe(1);
      expect(await repo.deleteOlderThan(T0 - 30 * DAY, 10)).toBe(0);
      const left = await database.db.selectFrom('events').select('occurred_at').execute();
      expect(left.map((r) => Number(r.occurred_at)).sort()).toEqual([T0 - 2 * DAY, T0 - DAY, T0].sort());
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
