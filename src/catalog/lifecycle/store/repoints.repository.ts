import type { Kysely, Selectable } from 'kysely';
import { fromColumns, insertRow, toColumns } from '../../../db/columns.js';
import type { RepointsTable, Schema } from '../../../db/schema.js';
import type { Repoint, RepointStatus } from '../lifecycle.types.js';

const toRepoint = (row: Selectable<RepointsTable>): Repoint => ({
  ...fromColumns(row, 'id account_id code_id url at created_at applied_at'),
  status: row.status as RepointStatus,
});

/** A repoint that is due, with the ending its code answers at. */
export interface DueRepoint extends Repoint {
  domain: string;
  shortCode: string | null;
}

export class RepointsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(repoint: Repoint): Promise<void> {
    await insertRow(this.db, 'repoints', toColumns(repoint, 'id accountId codeId url at status createdAt appliedAt'));
  }

  /** A code's repoints, soonest first. */
  async list(accountId: string, codeId: string): Promise<Repoint[]> {
    const rows = await this.db
      .selectFrom('repoints')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('code_id', '=', codeId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map(toRepoint);
  }

  async find(accountId: string, codeId: string, id: string): Promise<Repoint | null> {
    const row = await this.db
      .selectFrom('repoints')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('code_id', '=', codeId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRepoint(row) : null;
  }

  async countPending(codeId: string): Promise<number> {
    const row = await this.db
      .selectFrom('repoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('code_id', '=', codeId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Moves a pending repoint to `status`; false when it was not pending (already applied or cancelled). */
  async settle(
    id: string,
    status: Exclude<RepointStatus, 'pending'>,
    at: number,
    db: Kysely<Schema> = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('repoints')
      .set({ status, applied_at: status === 'done' ? at : null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Pending repoints whose time has come, oldest first, with their code's ending. */
  async due(now: number, limit: number): Promise<DueRepoint[]> {
    const rows = await this.db
      .selectFrom('repoints as r')
      .innerJoin('codes as c', 'c.id', 'r.code_id')
      .selectAll('r')
      .select(['c.domain', 'c.short_code'])
      .where('r.status', '=', 'pending')
      .where('r.at', '<=', now)
      .orderBy('r.at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...toRepoint(row), domain: row.domain, shortCode: row.short_code }));
  }

  /** Points the code at the repoint's address (away from any content it led to). */
  async apply(repoint: Repoint, at: number, db: Kysely<Schema>): Promise<void> {
    await db
      .updateTable('codes')
      .set({ destination: repoint.url, content_kind: null, content_id: null, updated_at: at })
      .where('id', '=', repoint.codeId)
      .where('account_id', '=', repoint.accountId)
      .execute();
  }
}
