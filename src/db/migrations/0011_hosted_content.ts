import type { ColumnDataType, Kysely } from 'kysely';

type Column = [name: string, type: ColumnDataType, nullable?: 'null'];

/** A table from its columns (the first is the primary key; every other one is NOT NULL unless marked). */
async function table(db: Kysely<any>, name: string, columns: Column[], references: Record<string, string>) {
  let builder = db.schema.createTable(name);
  columns.forEach(([column, type, nullable], i) => {
    builder = builder.addColumn(column, type, (c) => {
      let col = i === 0 ? c.primaryKey() : nullable ? c : c.notNull();
      if (references[column]) col = col.references(references[column]!);
      return col;
    });
  });
  await builder.execute();
}

/**
 * Hosted content (forms, landing pages, business cards) in one table, its document as JSON text, and
 * the replies sent through it (form submissions, card enquiries). A reply's id is a UUIDv7, so the
 * newest-first lists read the indexes backwards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const [text, int, big] = ['text', 'integer', 'bigint'] as const;
  const kinds = ['kind', text] as Column;
  await table(
    db,
    'contents',
    [
      ['id', text],
      ['account_id', text],
      kinds,
      ['name', text],
      ['status', text],
      ['domain', text],
      ['document', text],
      ['retention_days', int, 'null'],
      ['created_at', big],
      ['updated_at', big],
    ],
    { account_id: 'accounts.id' },
  );
  await table(
    db,
    'submissions',
    [['id', text], ['account_id', text], ['content_id', text], kinds, ['answers', text], ['created_at', big]],
    { account_id: 'accounts.id', content_id: 'contents.id' },
  );
  for (const [index, on, columns] of [
    ['contents_account_kind_idx', 'contents', ['account_id', 'kind', 'id']],
    ['submissions_account_kind_idx', 'submissions', ['account_id', 'kind', 'id']],
    ['submissions_content_idx', 'submissions', ['content_id', 'id']],
  ] as const) {
    await db.schema
      .createIndex(index)
      .on(on)
      .columns([...columns])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('submissions').execute();
  await db.schema.dropTable('contents').execute();
}
