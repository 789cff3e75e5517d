import type { Kysely, Selectable } from 'kysely';
import { codePointOrder } from '../../db/dialect.js';
import type { Schema, TemplatesTable } from '../../db/schema.js';
import type { Design } from '../designs/design.schema.js';
import type { Template } from './templates.types.js';

const toTemplate = (row: Selectable<TemplatesTable>): Template => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  design: JSON.parse(row.design) as Design,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export class TemplatesRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(template: Template): Promise<void> {
    await this.db
      .insertInto('templates')
      .values({
        id: template.id,
        account_id: template.accountId,
        name: template.name,
        name_lower: template.name.toLowerCase(),
        design: JSON.stringify(template.design),
        created_at: template.createdAt,
        updated_at: template.updatedAt,
      })
      .execute();
  }

  async update(template: Template): Promise<void> {
    await this.db
      .updateTable('templates')
      .set({
        name: template.name,
        name_lower: template.name.toLowerCase(),
        design: JSON.stringify(template.design),
        updated_at: template.updatedAt,
      })
      .where('id', '=', template.id)
      .where('account_id', '=', template.accountId)
      .execute();
  }

  async findInAccount(accountId: string, id: string): Promise<Template | null> {
    const row = await this.db
      .selectFrom('templates')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row ? toTemplate(row) : null;
  }

  /** By name, case-insensitively (code-point order on both stores), then id. */
  async list(accountId: string): Promise<Template[]> {
    const rows = await this.db
      .selectFrom('templates')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy(codePointOrder(this.db, 'name_lower'))
      .orderBy('id')
      .execute();
    return rows.map(toTemplate);
  }

  /** Whether a template was deleted. */
  async delete(accountId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('templates')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
