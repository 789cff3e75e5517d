import type { Kysely } from 'kysely';
import type { Schema } from '../../../db/schema.js';
import type { Expired } from '../lifecycle.types.js';

/** Codes and links that have expired and whose expiry has not been announced yet. */
export class ExpiriesRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async unannounced(now: number, limit: number): Promise<Omit<Expired, 'at'>[]> {
    const base = this.db
      .selectFrom('codes')
      .select(['id', 'account_id', 'kind', 'name'])
      .where('expired_at', 'is', null)
      .where('status', '<>', 'archived');
    const byDate = await base.where('expires_at', 'is not', null).where('expires_at', '<=', now).limit(limit).execute();
    const byCount = await base
      .where('max_scans', 'is not', null)
      .where((eb) => eb('uses', '>=', eb.ref('max_scans')))
      .limit(limit)
      .execute();
    const found = new Map<string, Omit<Expired, 'at'>>();
    for (const [rows, reason] of [
      [byDate, 'date'],
      [byCount, 'count'],
    ] as const)
      for (const row of rows)
        if (!found.has(row.id))
          found.set(row.id, { id: row.id, accountId: row.account_id, kind: row.kind as Expired['kind'], name: row.name, reason });
    return [...found.values()];
  }

  /** Marks the expiry announced; false when another instance did first. */
  async announce(id: string, at: number, db: Kysely<Schema>): Promise<boolean> {
    const result = await db
      .updateTable('codes')
      .set({ expired_at: at })
      .where('id', '=', id)
      .where('expired_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
