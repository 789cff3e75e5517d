import type { Kysely, Selectable } from 'kysely';
import type { PasskeysTable, Schema } from '../../db/schema.js';

export interface PasskeyRecord {
  id: string;
  userId: string;
  accountId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

const toPasskey = (row: Selectable<PasskeysTable>): PasskeyRecord => ({
  id: row.id,
  userId: row.user_id,
  accountId: row.account_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports ? row.transports.split(',') : [],
  name: row.name,
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
});

/** Passkeys and the one-time challenges of their ceremonies. */
export class PasskeysRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(passkey: PasskeyRecord): Promise<void> {
    await this.db
      .insertInto('passkeys')
      .values({
        id: passkey.id,
        user_id: passkey.userId,
        account_id: passkey.accountId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports.join(','),
        name: passkey.name,
        created_at: passkey.createdAt,
        last_used_at: passkey.lastUsedAt,
      })
      .execute();
  }

  async find(id: string): Promise<PasskeyRecord | null> {
    const row = await this.db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toPasskey(row) : null;
  }

  async listOf(userId: string): Promise<PasskeyRecord[]> {
    const rows = await this.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
    return rows.map(toPasskey);
  }

  async any(userId: string): Promise<boolean> {
    return (await this.db.selectFrom('passkeys').select('id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * Records a use with the authenticator's new counter; false when a counter that had started went
   * back or stood still (a cloned key). Authenticators that keep no counter send 0 every time.
   */
  async used(id: string, counter: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('passkeys')
      .set({ counter, last_used_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('counter', '<', counter), eb('counter', '=', 0)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async putChallenge(input: { id: string; challenge: string; userId: string | null; expiresAt: number }): Promise<void> {
    await this.db
      .insertInto('webauthn_challenges')
      .values({ id: input.id, challenge: input.challenge, user_id: input.userId, expires_at: input.expiresAt })
      .execute();
  }

  /** Takes a challenge once: it is deleted as it is read; null when unknown, used or expired. */
  async takeChallenge(id: string, now: number): Promise<{ challenge: string; userId: string | null } | null> {
    const row = await this.db.selectFrom('webauthn_challenges').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const deleted = await this.db.deleteFrom('webauthn_challenges').where('id', '=', id).executeTakeFirst();
    if (deleted.numDeletedRows === 0n || Number(row.expires_at) <= now) return null;
    return { challenge: row.challenge, userId: row.user_id };
  }

  /** Forgets challenges that expired before `now` (ceremonies never finished). */
  async purgeChallenges(now: number): Promise<void> {
    await this.db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  }
}
