import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { dayOf, type RecordedEvent } from '../../src/traffic/events/events.types.js';
import { transactor } from '../../src/db/transaction.js';
import { EventBatchRepository } from '../../src/traffic/events/store/events.batch.repository.js';
import { BatchWriter } from '../../src/traffic/events/events.writer.js';
import { scanEvent } from '../support/events.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('events batch writer ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  it('commits a batch larger than a chunk with rollups, uniques and totals equal to its events', async () => {
    const accountId = (await h.factory.tenant()).account.id;
    const targets = [newId(), newId(), newId()];
    const now = h.clock.now();
    const event = (i: number): RecordedEvent =>
      scanEvent({
        accountId,
        targetId: targets[i % 3]!,
        at: now + i,
        visitor: `visitor-${i % 4}`,
        country: i % 2 === 0 ? 'DE' : 'FR',
      });
    // The targets interleaved, as traffic is; chunks of 4 events, so one batch commits in 8 chunks.
    const events = Array.from({ length: 30 }, (_, i) => event(i));
    const { database } = h.infra;
    const batches = new EventBatchRepository(database.bulk, h.clock);
    const writer = new BatchWriter({ transactor: transactor(database.db), batches }, { chunk: 4 });
    for (const e of events) writer.add(e);
    await writer.flush();
    await writer.close();

    const db = h.infra.database.db;
    const stored = await db.selectFrom('events').select('id').where('account_id', '=', accountId).execute();
    expect(stored.map((r) => r.id).sort()).toEqual(events.map((e) => e.id).sort());
    for (const target of targets) {
      const mine = events.filter((e) => e.targetId === target);
      const rollup = await db
        .selectFrom('event_rollups')
        .select(['events', 'uniques'])
        .where('target_id', '=', target)
        .where('day', '=', dayOf(now))
        .executeTakeFirstOrThrow();
      expect(Number(rollup.events)).toBe(mine.length);
      expect(Number(rollup.uniques)).toBe(new Set(mine.map((e) => e.visitor)).size);
      const countries = await db
        .selectFrom('event_breakdowns')
        .select(['value', 'events'])
        .where('target_id', '=', target)
        .where('dimension', '=', 'country')
        .execute();
      const expected = new Map<string, number>();
      for (const e of mine) expected.set(e.country!, (expected.get(e.country!) ?? 0) + 1);
      expect(new Map(countries.map((c) => [c.value, Number(c.events)]))).toEqual(expected);
      expect((await h.services.traffic.events.totals([target])).get(target)).toBe(mine.length);
    }
  });
});
