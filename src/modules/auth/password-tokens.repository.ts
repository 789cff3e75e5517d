import type { Kysely, Selectable } from 'kysely';
import type { PasswordTokensTable, Schema } from '../../db/schema.js';
import type { PasswordToken, PasswordTokenPurpose } from './auth.types.js';

const toToken = (row: Selectable<PasswordTokensTable>): PasswordToken => ({
  id: row.id,
  accountId: row.account_id,
  userId: row.user_id,
  purpose: row.purpose as PasswordTokenPurpose,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
});

/** Single-use password links (invitation and reset), kept only as hashes. */
export class PasswordTokensRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(token: PasswordToken, tokenHash: string, db: Kysely<Schema> = this.db): Promise<void> {
    await db
      .insertInto('password_tokens')
      .values({
        id: token.id,
        account_id: token.accountId,
        user_id: token.userId,
        purpose: token.purpose,
        token_hash: tokenHash,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        used_at: token.usedAt,
      })
      .execute();
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
    await db
      .updateTable('password_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
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
