import type { Kysely, Selectable } from 'kysely';
import type { Schema, SessionsTable } from '../../db/schema.js';
import type { Session } from './auth.types.js';

const toSession = (row: Selectable<SessionsTable>): Session => ({
  id: row.id,
  accountId: row.account_id,
  userId: row.user_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

export class SessionsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(session: Session, secretHash: string, db: Kysely<Schema> = this.db): Promise<void> {
    await db
      .insertInto('sessions')
      .values({
        id: session.id,
        account_id: session.accountId,
        user_id: session.userId,
        secret_hash: secretHash,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
        revoked_at: session.revokedAt,
      })
      .execute();
  }

  async findByHash(secretHash: string): Promise<{ session: Session; secretHash: string } | null> {
    const row = await this.db.selectFrom('sessions').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
    return row ? { session: toSession(row), secretHash: row.secret_hash } : null;
  }

  async revoke(id: string, at: number): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }

  /** Ends every session of a person (suspension, password change). */
  async revokeAllOfUser(userId: string, at: number, db: Kysely<Schema> = this.db): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Sessions still usable at `now`. */
  async listLive(userId: string, now: number): Promise<Session[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toSession);
  }
}
