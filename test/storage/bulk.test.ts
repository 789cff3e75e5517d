import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Kysely } from 'kysely';
import type { Schema } from '../../src/db/schema.js';
import { DAYS, EXCLUDED, MARKS, VISITORS } from '../../src/traffic/events/store/event-tables.js';
import { describeEach, STORES } from '../support/stores.js';

/** Values a naive text encoding would break: quoting, array and list separators, escapes, NULL's name. */
const AWKWARD = ['plain', '', 'a"b', "O'Brien", 'c,d', '{e}', 'back\\slash', 'NULL', 'two words', 'São Paulo 東京'];

describeEach(STORES)('the bulk writer ($name)', (store) => {
  let target: Awaited<ReturnType<typeof store.create>>;
  let database: Database;
  beforeAll(async () => {
    target = await store.create();
    database = openDatabase(target.url, { schema: target.schema });
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database.close();
    await target.drop();
  });

  const marks = () =>
    database.db
      .selectFrom('event_marks')
      .select(['journal', 'position'])
      .execute()
      .then((rows) => new Map(rows.map((r) => [r.journal, Number(r.position)])));
  const inTransaction = (fn: (trx: Kysely<Schema>) => Promise<unknown>) => database.db.transaction().execute(fn);

  it('stores every text value and every byte as given, replaces rows that exist and adds counts to them', async () => {
    await inTransaction((trx) =>
      database.bulk.replace(
        trx,
        MARKS,
        AWKWARD.map((value, i) => [value, i + 1]),
      ),
    );
    expect(await marks()).toEqual(new Map(AWKWARD.map((value, i) => [value, i + 1])));
    await inTransaction((trx) => database.bulk.replace(trx, MARKS, [['a"b', 30]]));
    expect((await marks()).get('a"b')).toBe(30);

    await inTransaction((trx) => database.bulk.addCounts(trx, EXCLUDED, [[1, 20_000, 2]]));
    await inTransaction((trx) =>
      database.bulk.addCounts(trx, EXCLUDED, [
        [1, 20_000, 3],
        [2, 20_000, 1],
      ]),
    );
    const hits = await database.db.selectFrom('excluded_hits').select(['target', 'hits']).orderBy('target').execute();
    expect(hits.map((r) => [Number(r.target), Number(r.hits)])).toEqual([
      [1, 5],
      [2, 1],
    ]);

    const bytes = Uint8Array.from([0, 1, 0x22, 0x27, 0x5c, 0x7b, 0x2c, 0x80, 0xff]);
    await inTransaction((trx) => database.bulk.replace(trx, DAYS, [[1, 20_000, 1, 1, bytes]]));
    const row = await database.db.selectFrom('event_days').select('counts').where('target', '=', 1).executeTakeFirstOrThrow();
    expect(Uint8Array.from(row.counts)).toEqual(bytes);
  });

  it('tells which rows were new, in the order given, and skips those whose key exists', async () => {
    const insert = (rows: unknown[][]) =>
      database.db.transaction().execute((trx) => database.bulk.insertNew(trx, VISITORS, rows));
    expect(
      await insert([
        [20_000, 1, 'v1'],
        [20_000, 1, 'NULL'],
      ]),
    ).toEqual([true, true]);
    expect(
      await insert([
        [20_000, 1, 'v2'],
        [20_000, 1, 'NULL'],
        [20_001, 1, 'v1'],
        [20_000, 1, 'v1'],
      ]),
    ).toEqual([true, false, true, false]);
    const stored = await database.db
      .selectFrom('daily_visitors')
      .select(['day', 'visitor'])
      .orderBy('day')
      .orderBy('visitor')
      .execute();
    expect(stored.map((r) => `${Number(r.day)}:${r.visitor}`)).toEqual(['20000:NULL', '20000:v1', '20000:v2', '20001:v1']);
  });

  it('answers a key given twice in one call as inserted once, the first time', async () => {
    const answer = await database.db.transaction().execute((trx) =>
      database.bulk.insertNew(trx, VISITORS, [
        [20_002, 1, 'dup'],
        [20_002, 1, 'dup'],
        [20_002, 1, 'x'],
      ]),
    );
    expect(answer).toEqual([true, false, true]);
  });

  it('writes a batch larger than one statement carries', async () => {
    const rows = Array.from({ length: 12_001 }, (_, i) => [20_003, 3, `v${i}`]);
    const answer = await database.db.transaction().execute((trx) => database.bulk.insertNew(trx, VISITORS, rows));
    expect(answer.every(Boolean)).toBe(true);
    const { n } = await database.db
      .selectFrom('daily_visitors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('target', '=', 3)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(12_001);
  });

  it('leaves nothing behind when the transaction holding a batch fails', async () => {
    const failing = inTransaction(async (trx) => {
      await database.bulk.addCounts(trx, EXCLUDED, [[7, 20_000, 1]]);
      throw new Error('the batch failed');
    });
    await expect(failing).rejects.toThrow('the batch failed');
    expect(await database.db.selectFrom('excluded_hits').select('hits').where('target', '=', 7).execute()).toEqual([]);
  });
});
