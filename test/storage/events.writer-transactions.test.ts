import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { transactor, type Transactor } from '../../src/db/transaction.js';
import { newId } from '../../src/lib/ids.js';
import { EventBatchRepository } from '../../src/traffic/events/store/events.batch.repository.js';
import type { RecordedEvent } from '../../src/traffic/events/events.types.js';
import { BatchWriter } from '../../src/traffic/events/events.writer.js';
import { EventKeys } from '../../src/traffic/events/store/event-keys.js';
import { scanEvent, storedEvents } from '../support/events.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, sqliteStore, STORES } from '../support/stores.js';

/** The events of `count` scans of `targets`, interleaved as traffic is. */
const scans = (accountId: string, targets: string[], count: number, now: number): RecordedEvent[] =>
  Array.from({ length: count }, (_, i) =>
    scanEvent({ accountId, targetId: targets[i % targets.length]!, at: now + i, visitor: `visitor-${i % 7}` }),
  );

/** A batch writer on `database` that counts the transactions it runs. */
function countingWriter(h: Harness, database: Database, chunk: number) {
  const counted = { transactions: 0 };
  const real = transactor(database.db);
  const counting: Transactor = {
    run: (fn) => {
      counted.transactions += 1;
      return real.run(fn);
    },
  };
  const writer = new BatchWriter(
    { transactor: counting, batches: new EventBatchRepository(database.bulk, new EventKeys(database.db), h.clock) },
    { chunk },
  );
  return { writer, counted };
}

const storedOf = (h: Harness, accountId: string) => storedEvents(h.infra.database.db, accountId);

describeEach(STORES)('events batch writer transactions ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  it('commits each chunk of a batch on its own', async () => {
    const accountId = (await h.factory.tenant()).account.id;
    const { writer, counted } = countingWriter(h, h.infra.database, 4);
    for (const event of scans(accountId, [newId(), newId(), newId()], 30, h.clock.now())) writer.add(event);
    await writer.close();
    expect(counted.transactions).toBe(8);
    expect(await storedOf(h, accountId)).toBe(30);
  });
});

describe("SQLite events writer on the store's one connection", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(sqliteStore);
  });
  afterAll(() => h.close());

  it('lets an API write in between two chunks of a batch instead of after the whole batch', async () => {
    const { account } = await h.factory.tenant();
    const { writer, counted } = countingWriter(h, h.infra.database, 1_000);
    let chunks = 0;
    let chunksWhenApiCommitted = -1;
    let api: Promise<unknown> = Promise.resolve();
    writer.onBatch(async () => {
      chunks += 1;
      // An API write on the same connection while the writer's first chunk is in its transaction.
      if (chunks === 1) {
        api = sql`update accounts set name = 'Renamed' where id = ${account.id}`.execute(h.infra.database.db).then(() => {
          chunksWhenApiCommitted = chunks;
        });
      }
    });
    for (const event of scans(account.id, [newId(), newId(), newId(), newId()], 5_000, h.clock.now())) writer.add(event);
    await writer.close();
    await api;
    expect(counted.transactions).toBe(5);
    expect(chunksWhenApiCommitted).toBe(1);
    expect(await storedOf(h, account.id)).toBe(5_000);
    const renamed = await h.infra.database.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', account.id)
      .executeTakeFirst();
    expect(renamed?.name).toBe('Renamed');
  });
});
