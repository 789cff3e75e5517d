import type { Kysely, Selectable } from 'kysely';
import { fromColumns } from '../../../db/columns.js';
import { byName, namedRow } from '../../../db/named-rows.js';
import { deleteOwned } from '../../../db/owned.js';
import type { Schema, UtmTemplatesTable } from '../../../db/schema.js';
import type { UtmTemplate } from '../lifecycle.types.js';
import type { Utm } from '../utm.js';

const toTemplate = (row: Selectable<UtmTemplatesTable>): UtmTemplate => ({
  ...fromColumns(row, 'id account_id name created_at updated_at'),
  utm: JSON.parse(row.utm) as Utm,
});

export class UtmTemplatesRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  /** Throws the store's unique violation when the account has a template of this name (any case). */
  async insert(template: UtmTemplate): Promise<void> {
    await this.db
      .insertInto('utm_templates')
      .values({ ...namedRow(template), utm: JSON.stringify(template.utm) })
      .execute();
  }

  async findInAccount(accountId: string, id: string): Promise<UtmTemplate | null> {
    const row = await this.db
      .selectFrom('utm_templates')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toTemplate(row) : null;
  }

  /** By name, then id. */
  async list(accountId: string): Promise<UtmTemplate[]> {
    const rows = await this.db
      .selectFrom('utm_templates')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy(byName(this.db))
      .execute();
    return rows.map(toTemplate);
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    return deleteOwned(this.db, 'utm_templates', accountId, id);
  }
}
