import { fromColumns } from '../../../db/columns.js';
import type { Kysely, Selectable } from 'kysely';
import { byName } from '../../../db/named-rows.js';
import type { Schema, TemplatesTable } from '../../../db/schema.js';
import { deleteOwned, updateOwned } from '../../../db/owned.js';
import type { Design } from '../../designs/design.schema.js';
import type { Template } from '../templates.types.js';

const toTemplate = (row: Selectable<TemplatesTable>): Template => ({
  ...fromColumns(row, 'id account_id name created_at updated_at'),
  design: JSON.parse(row.design) as Design,
});

/** The columns a template's changeable fields are written to. */
const changeable = (template: Template) => ({
  name: template.name,
  name_lower: template.name.toLowerCase(),
  design: JSON.stringify(template.design),
  updated_at: template.updatedAt,
});

export class TemplatesRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(template: Template): Promise<void> {
    await this.db
      .insertInto('templates')
      .values({ id: template.id, account_id: template.accountId, created_at: template.createdAt, ...changeable(template) })
      .execute();
  }

  async update(template: Template): Promise<void> {
    await updateOwned(this.db, 'templates', template, changeable(template));
  }

  /** The account's templates, to narrow down. */
  private inAccount(accountId: string) {
    return this.db.selectFrom('templates').selectAll().where('account_id', '=', accountId);
  }

  async findInAccount(accountId: string, id: string): Promise<Template | null> {
    const row = await this.inAccount(accountId).where('id', '=', id).executeTakeFirst();
    return row ? toTemplate(row) : null;
  }

  /** By name, case-insensitively (code-point order on both stores), then id. */
  async list(accountId: string): Promise<Template[]> {
    const rows = await this.inAccount(accountId).orderBy(byName(this.db)).execute();
    return rows.map(toTemplate);
  }

  /** Whether a template was deleted. */
  async delete(accountId: string, id: string): Promise<boolean> {
    return deleteOwned(this.db, 'templates', accountId, id);
  }
}
