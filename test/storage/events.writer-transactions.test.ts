import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { transactor, type Transactor } from '../../src/db/transaction.js';
import { newId } from '../../src/lib/ids.js';
import { EventBatchRepository } from '../../src/traffic/events/store/events.batch.repository.js';
import type { RecordedEvent } from '../../src/traffic/events/events.types.js';
import { BatchWriter } from '../../src/traffic/events/events.writer.js';
import { scanEvent } from '../support/events.js';
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
    { transactor: counting, batches: new EventBatchRepository(database.bulk, h.clock), othersWaiting: database.othersWaiting },
    { chunk },
  );
  return { writer, counted };
}

async function storedOf(h: Harness, accountId: string): Promise<number> {
  const row = await h.infra.database.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEach(STORES)('events batch writer on a connection that cannot tell who waits ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  it('commits each chunk of a batch on its own', async () => {
    const accountId = (await h.factory.tenant()).account.id;
    const { writer, counted } = countingWriter(h, h.infra.database, 4);
    writer.add('test', scans(accountId, [newId(), newId(), newId()], 30, h.clock.now()));
    await writer.close();
    expect(counted.transactions).toBe(8);
    expect(await storedOf(h, accountId)).toBe(30);
  });
});

describe('SQLite events writer: one transaction per batch while nobody waits (ADR 0165)', () => {
  let h: Harness;
  let own: Database;
  beforeAll(async () => {
    h = await createHarness(sqliteStore);
    // The writer's own connection, as the writer thread opens it.
    own = openDatabase(h.config.databaseUrl, { givesWay: true });
  });
  afterAll(async () => {
    await own.close();
    await h.close();
  });

  it('writes every chunk of a batch in one transaction when no other connection waits', async () => {
    const accountId = (await h.factory.tenant()).account.id;
    const { writer, counted } = countingWriter(h, own, 4);
    writer.add('test', scans(accountId, [newId(), newId(), newId()], 30, h.clock.now()));
    await writer.close();
    expect(counted.transactions).toBe(1);
    expect(await storedOf(h, accountId)).toBe(30);
  });

  it('commits at the end of a chunk when an API write waits, lets it in, then writes the rest', async () => {
    const { account } = await h.factory.tenant();
    const { writer, counted } = countingWriter(h, own, 1_000);
    let chunks = 0;
    let chunksWhenApiCommitted = -1;
    let api: Promise<unknown> = Promise.resolve();
    writer.onBatch(async () => {
      chunks += 1;
      // An API write on the serving connection while the writer holds the lock after its first chunk.
      if (chunks === 1) {
        api = sql`update accounts set name = 'Renamed' where id = ${account.id}`.execute(h.infra.database.db).then(() => {
          chunksWhenApiCommitted = chunks;
        });
      }
    });
    writer.add('test', scans(account.id, [newId(), newId(), newId(), newId()], 5_000, h.clock.now()));
    await writer.close();
    await api;
    expect(chunks).toBe(5);
    // The API write got in between two chunks instead of waiting for the whole batch.
    expect(chunksWhenApiCommitted).toBeGreaterThanOrEqual(1);
    expect(chunksWhenApiCommitted).toBeLessThan(5);
    expect(counted.transactions).toBeGreaterThan(1);
    expect(counted.transactions).toBeLessThan(5);
    expect(await storedOf(h, account.id)).toBe(5_000);
    const renamed = await h.infra.database.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', account.id)
      .executeTakeFirst();
    expect(renamed?.name).toBe('Renamed');
  });
});
