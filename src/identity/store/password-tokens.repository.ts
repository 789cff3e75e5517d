import { fromColumns, insertRow, toColumns } from '../../db/columns.js';
import { endCredentials } from '../../db/stamps.js';
import type { Kysely, Selectable } from 'kysely';
import type { PasswordTokensTable, Schema } from '../../db/schema.js';
import type { PasswordToken, PasswordTokenPurpose } from '../auth.types.js';

const toToken = (row: Selectable<PasswordTokensTable>): PasswordToken => ({
  ...fromColumns(row, 'id account_id user_id created_at expires_at used_at email'),
  purpose: row.purpose as PasswordTokenPurpose,
});

/** Single-use password links (invitation and reset), kept only as hashes. */
export class PasswordTokensRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(token: PasswordToken, tokenHash: string, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'password_tokens', {
      ...toColumns(token, 'id accountId userId purpose createdAt expiresAt usedAt email'),
      token_hash: tokenHash,
    });
  }

  async findByHash(tokenHash: string): Promise<{ token: PasswordToken; tokenHash: string } | null> {
    const row = await this.db.selectFrom('password_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row ? { token: toToken(row), tokenHash: row.token_hash } : null;
  }

  /** Marks the token used if it still is usable at `now`; exactly one caller can win. */
  async consume(id: string, now: number, db: Kysely<Schema> = this.db): Promise<boolean> {
    const result = await db
      .updateTable('password_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Voids every outstanding link of a person (after a password is set, or on suspension). */
  async voidAllOfUser(userId: string, now: number, db: Kysely<Schema> = this.db): Promise<void> {
    await endCredentials(db, 'password_tokens', 'used_at', ['user_id', userId], now);
  }

  /** Links issued after `since` (exclusive). */
  async countSince(userId: string, purpose: PasswordTokenPurpose, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('password_tokens')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
