import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES.filter((s) => s.name === 'postgres'))('introspection of a store sharing its database ($name)', (target) => {
  const stores: { database: Database; drop(): Promise<void>; schema: string }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const store = await target.create();
      const database = openDatabase(store.url, { schema: store.schema });
      stores.push({ database, drop: store.drop, schema: store.schema! });
    }
  });
  afterAll(async () => {
    for (const s of stores) {
      await s.database.close();
      await s.drop();
    }
  });

  it("sees only its own schema's tables, with their columns, whatever the other schemas hold", async () => {
    const [own, other] = stores;
    await migrateToLatest(own!.database);
    await other!.database.db.schema.createTable('only_elsewhere').addColumn('id', 'text').execute();
    const tables = await own!.database.db.introspection.getTables();
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([own!.schema]));
    expect(tables.map((t) => t.name)).not.toContain('only_elsewhere');
    const codes = tables.find((t) => t.name === 'codes');
    expect(codes?.columns.find((c) => c.name === 'id')).toMatchObject({ isNullable: false, dataType: 'text' });
    expect((await own!.database.db.introspection.getSchemas()).map((s) => s.name)).toEqual(
      expect.arrayContaining([own!.schema, other!.schema]),
    );
    // Migrating again reads the bookkeeping tables of its own schema and has nothing to do.
    await migrateToLatest(own!.database);
  });
});
