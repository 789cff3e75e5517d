import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { dayOf, type RecordedEvent } from '../../src/traffic/events/events.types.js';
import { transactor } from '../../src/db/transaction.js';
import { EventBatchRepository } from '../../src/traffic/events/store/events.batch.repository.js';
import { BatchWriter } from '../../src/traffic/events/events.writer.js';
import { EventKeys } from '../../src/traffic/events/store/event-keys.js';
import { dayRollup, scanEvent, storedEvents } from '../support/events.js';
import { actorIn } from '../support/actors.js';
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
    const batches = new EventBatchRepository(database.bulk, new EventKeys(database.db), h.clock);
    const writer = new BatchWriter({ transactor: transactor(database.db), batches }, { chunk: 4 });
    for (const e of events) writer.add(e);
    await writer.flush();
    await writer.close();

    const db = h.infra.database.db;
    expect(await storedEvents(db, accountId)).toBe(events.length);
    const page = await h.services.traffic.analytics.list(actorIn(accountId), { limit: 100 });
    expect(page.events.map((e) => e.occurredAt)).toEqual(events.map((e) => e.occurredAt).reverse());
    for (const target of targets) {
      const mine = events.filter((e) => e.targetId === target);
      const rollup = (await dayRollup(db, target, dayOf(now)))!;
      expect(rollup.events).toBe(mine.length);
      expect(rollup.uniques).toBe(new Set(mine.map((e) => e.visitor)).size);
      const expected = new Map<string, number>();
      for (const e of mine) expected.set(`country:${e.country}`, (expected.get(`country:${e.country}`) ?? 0) + 1);
      const countries = new Map([...rollup.counts].filter(([k]) => k.startsWith('country:')));
      expect(countries).toEqual(expected);
      expect(rollup.counts.get('type:scan')).toBe(mine.length);
      expect((await h.services.traffic.events.totals([target])).get(target)).toBe(mine.length);
    }
  });
});
