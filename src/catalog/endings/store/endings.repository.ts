import { insertRow, toColumns } from '../../../db/columns.js';
import type { Kysely } from 'kysely';
import { chunks } from '../../../db/dialect.js';
import type { Schema } from '../../../db/schema.js';

export type EndingKind = 'code' | 'link';

export interface EndingRecord {
  domain: string;
  shortCode: string;
  kind: EndingKind;
  targetId: string;
  accountId: string;
  createdAt: number;
}

/** The shared namespace of endings; its primary key (domain, short_code) is what makes an ending unique. */
export class EndingsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(ending: EndingRecord, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'endings', {
      ...toColumns(ending, 'domain shortCode kind targetId accountId createdAt'),
    });
  }

  async insertMany(endings: readonly EndingRecord[], db: Kysely<Schema>): Promise<void> {
    for (const part of chunks(endings)) {
      await db
        .insertInto('endings')
        .values(part.map((ending) => toColumns(ending, 'domain shortCode kind targetId accountId createdAt')))
        .execute();
    }
  }

  /** Which of these endings are taken in `domain`. */
  async taken(domain: string, shortCodes: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks(shortCodes)) {
      const rows = await this.db
        .selectFrom('endings')
        .select('short_code')
        .where('domain', '=', domain)
        .where('short_code', 'in', part)
        .execute();
      rows.forEach((row) => found.add(row.short_code));
    }
    return found;
  }

  async find(domain: string, shortCode: string): Promise<EndingRecord | null> {
    const row = await this.db
      .selectFrom('endings')
      .selectAll()
      .where('domain', '=', domain)
      .where('short_code', '=', shortCode)
      .executeTakeFirst();
    return row
      ? {
          domain: row.domain,
          shortCode: row.short_code,
          kind: row.kind as EndingKind,
          targetId: row.target_id,
          accountId: row.account_id,
          createdAt: row.created_at,
        }
      : null;
  }
}
