import { fromColumns, insertRow, toColumns } from '../../db/columns.js';
import { endCredentials } from '../../db/stamps.js';
import type { Kysely, Selectable } from 'kysely';
import type { Schema, SessionsTable } from '../../db/schema.js';
import type { Session, SessionStage } from '../auth.types.js';

const toSession = (row: Selectable<SessionsTable>): Session => ({
  ...fromColumns(row, 'id account_id user_id created_at expires_at revoked_at agent last_used_at'),
  stage: row.stage as SessionStage,
});

/** A session's last use is written at most this often, so a busy page does not write on every request. */
const TOUCH_EVERY = 60_000;

export class SessionsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(session: Session, secretHash: string, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'sessions', {
      ...toColumns(session, 'id accountId userId createdAt expiresAt revokedAt agent lastUsedAt stage'),
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

  /** Ends one of a person's live sessions; false when it is not theirs or already ended. */
  async revokeOfUser(userId: string, id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Ends every session of a person (suspension, password change). */
  async revokeAllOfUser(userId: string, at: number, db: Kysely<Schema> = this.db): Promise<void> {
    await endCredentials(db, 'sessions', 'revoked_at', ['user_id', userId], at);
  }

  /** Ends every session of a person but the one they act from. */
  async revokeOthersOfUser(userId: string, keepId: string, at: number, db: Kysely<Schema> = this.db): Promise<number> {
    const result = await db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('id', '!=', keepId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Marks a session that awaited its second factor as complete; false when it was not waiting. */
  async complete(id: string, expiresAt: number, db: Kysely<Schema> = this.db): Promise<boolean> {
    const result = await db
      .updateTable('sessions')
      .set({ stage: 'full', expires_at: expiresAt })
      .where('id', '=', id)
      .where('stage', '=', 'second_factor')
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Records a use of the session, at most once a minute. */
  async touch(session: Session, now: number): Promise<void> {
    if (session.lastUsedAt !== null && now - session.lastUsedAt < TOUCH_EVERY) return;
    await this.db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', session.id).execute();
  }

  /** Complete sessions still usable at `now`, the most recently used first. */
  async listLive(userId: string, now: number): Promise<Session[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('stage', '=', 'full')
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toSession);
  }
}
