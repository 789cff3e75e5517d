import type { Kysely } from 'kysely';
import type { Schema } from './schema.js';

/**
 * Where an account's reads go: the replica named by DATABASE_READ_URL, unless the account
 * changed what it is about to read so recently that the replica may not have it yet.
 */
export interface ReadRoute {
  of(accountId: string): Promise<Kysely<Schema>>;
}

/** Knows which accounts wrote moments ago (shared by every instance). */
export interface RecentWrites {
  recent(accountId: string): Promise<boolean>;
}

/** No replica: every read goes to the primary. */
export const primaryOnly = (primary: Kysely<Schema>): ReadRoute => ({ of: async () => primary });

/** Reads go to the replica, except an account's that wrote moments ago (or when that is unknown). */
export const replicaRoute = (primary: Kysely<Schema>, replica: Kysely<Schema>, writes: RecentWrites): ReadRoute => ({
  async of(accountId) {
    const recent = await writes.recent(accountId).catch(() => true);
    return recent ? primary : replica;
  },
});
