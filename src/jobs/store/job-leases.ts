import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.js';

/**
 * Which instance runs a periodic job this interval: one conditional upsert on the
 * `job_leases` row, atomic on both engines and free of session state (no advisory lock), so it
 * holds behind PgBouncer in transaction mode. The holder keeps renewing its own lease; another
 * instance takes it over only once it has lapsed (the holder died or stopped).
 */
export class JobLeases {
  constructor(private readonly db: Kysely<Schema>) {}

  /** True when `holder` now holds the `name` lease until `now + ttlMs`. */
  async take(name: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
    const row = await this.db
      .insertInto('job_leases')
      .values({ name, holder, lease_until: now + ttlMs })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), lease_until: eb.ref('excluded.lease_until') }))
          .where((eb) => eb.or([eb('job_leases.lease_until', '<=', now), eb('job_leases.holder', '=', holder)])),
      )
      .returning('name')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Gives the lease up (a graceful stop), so another instance takes the job at its next tick. */
  async release(name: string, holder: string): Promise<void> {
    await this.db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
  }
}
