import { fromColumns, insertRow, toColumns } from '../../db/columns.js';
import { endCredentials } from '../../db/stamps.js';
import type { Kysely, Selectable } from 'kysely';
import type { Schema, SessionsTable } from '../../db/schema.js';
import type { Session } from '../auth.types.js';

const toSession = (row: Selectable<SessionsTable>): Session => ({
  ...fromColumns(row, 'id account_id user_id created_at expires_at revoked_at'),
});

export class SessionsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(session: Session, secretHash: string, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'sessions', {
      ...toColumns(session, 'id accountId userId createdAt expiresAt revokedAt'),
      secret_hash: secretHash,
    });
  }

  async findByHash(secretHash: string): Promise<{ session: Session; secretHash: string } | null> {
    const row = await this.db.selectFrom('sessions').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
    return row ? { session: toSession(row), secretHash: row.secret_hash } : null;
  }

  async revoke(id: string, at: number): Promise<void> {
    await endCredentials(this.db, 'sessions', 'revoked_at', ['id', id], at);
  }

  /** Ends every session of a person (suspension, password change). */
  async revokeAllOfUser(userId: string, at: number, db: Kysely<Schema> = this.db): Promise<void> {
    await endCredentials(db, 'sessions', 'revoked_at', ['user_id', userId], at);
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
