import { expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { runLeased } from '../../src/jobs/index.js';
import { JobLeases } from '../../src/jobs/store/job-leases.js';
import { ManualClock } from '../../src/lib/clock.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('job leases ($name)', (store) => {
  it('gives a job to one instance per interval, renews it for its holder and hands it over once it lapses', async () => {
    const target = await store.create();
    const database = openDatabase(target.url, { schema: target.schema });
    try {
      await migrateToLatest(database);
      const leases = new JobLeases(database.db);
      const T = 1_000_000;
      const takes = await Promise.all(['a', 'b', 'c', 'd'].map((holder) => leases.take('job', holder, T, 60_000)));
      expect(takes.filter(Boolean)).toHaveLength(1);
      const holder = ['a', 'b', 'c', 'd'][takes.indexOf(true)]!;
      const other = holder === 'a' ? 'b' : 'a';
      expect(await leases.take('job', other, T + 59_999, 60_000)).toBe(false);
      expect(await leases.take('job', holder, T + 60_000, 60_000)).toBe(true);
      expect(await leases.take('job', other, T + 60_001, 60_000)).toBe(false);
      expect(await leases.take('job', other, T + 120_000, 60_000)).toBe(true);
      expect(await leases.take('other-job', holder, T + 120_000, 60_000)).toBe(true);
      await leases.release('job', holder);
      expect(await leases.take('job', holder, T + 120_001, 60_000)).toBe(false);
      await leases.release('job', other);
      expect(await leases.take('job', holder, T + 120_002, 60_000)).toBe(true);

      // Three instances ticking together run a leased job once per interval.
      let runs = 0;
      const job = { name: 'tick', intervalMs: 60_000, run: async () => void (runs += 1) };
      const clock = new ManualClock(T);
      const tick = (holders: string[]) => Promise.all(holders.map((h) => runLeased(job, leases, h, clock)));
      const first = await tick(['x', 'y', 'z']);
      expect(first.filter(Boolean)).toHaveLength(1);
      // Half an interval later the other instances' timers fire: the lease holds, nothing runs.
      clock.advance(30_000);
      const others = ['x', 'y', 'z'].filter((_, i) => !first[i]);
      expect((await tick(others)).filter(Boolean)).toHaveLength(0);
      expect(runs).toBe(1);
      clock.advance(30_000);
      expect((await tick(['x', 'y', 'z'])).filter(Boolean)).toHaveLength(1);
      expect(runs).toBe(2);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
