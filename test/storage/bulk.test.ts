import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { BREAKDOWNS, VISITORS } from '../../src/traffic/events/store/events.batch.repository.js';
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

  const breakdowns = () =>
    database.db
      .selectFrom('event_breakdowns')
      .select(['value', 'events'])
      .where('target_id', '=', 't1')
      .execute()
      .then((rows) => new Map(rows.map((r) => [r.value, Number(r.events)])));

  it('stores every text value as it was given and adds counts to rows that exist', async () => {
    const rows = AWKWARD.map((value, i) => ['t1', 20_000, 'city', value, 'acc', i + 1]);
    await database.db.transaction().execute((trx) => database.bulk.addCounts(trx, BREAKDOWNS, rows));
    expect(await breakdowns()).toEqual(new Map(AWKWARD.map((value, i) => [value, i + 1])));

    await database.db
      .transaction()
      .execute((trx) => database.bulk.addCounts(trx, BREAKDOWNS, [['t1', 20_000, 'city', 'a"b', 'acc', 10]]));
    expect((await breakdowns()).get('a"b')).toBe(13);
  });

  it('tells which rows were new, in the order given, and skips those whose key exists', async () => {
    const insert = (rows: unknown[][]) =>
      database.db.transaction().execute((trx) => database.bulk.insertNew(trx, VISITORS, rows));
    expect(
      await insert([
        [20_000, 't1', 'v1'],
        [20_000, 't1', 'NULL'],
      ]),
    ).toEqual([true, true]);
    expect(
      await insert([
        [20_000, 't1', 'v2'],
        [20_000, 't1', 'NULL'],
        [20_001, 't1', 'v1'],
        [20_000, 't1', 'v1'],
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
        [20_002, 't1', 'dup'],
        [20_002, 't1', 'dup'],
        [20_002, 't1', 'x'],
      ]),
    );
    expect(answer).toEqual([true, false, true]);
  });

  it('writes a batch larger than one statement carries', async () => {
    const rows = Array.from({ length: 12_001 }, (_, i) => [20_003, 't3', `v${i}`]);
    const answer = await database.db.transaction().execute((trx) => database.bulk.insertNew(trx, VISITORS, rows));
    expect(answer.every(Boolean)).toBe(true);
    const { n } = await database.db
      .selectFrom('daily_visitors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('target_id', '=', 't3')
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(12_001);
  });

  it('leaves nothing behind when the transaction holding a batch fails', async () => {
    const failing = database.db.transaction().execute(async (trx) => {
      await database.bulk.addCounts(trx, BREAKDOWNS, [['t2', 20_000, 'os', 'iOS', 'acc', 1]]);
      throw new Error('the batch failed');
    });
    await expect(failing).rejects.toThrow('the batch failed');
    const left = await database.db.selectFrom('event_breakdowns').select('value').where('target_id', '=', 't2').execute();
    expect(left).toEqual([]);
  });
});
