import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.js';

/** An authenticator app of a person: its secret and the last time step a code was accepted for. */
export interface TotpRecord {
  userId: string;
  secret: string;
  confirmedAt: number | null;
  lastStep: number;
}

/** A person's second factors: the authenticator app's secret and the hashed recovery codes. */
export class SecondFactorsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async totpOf(userId: string): Promise<TotpRecord | null> {
    const row = await this.db.selectFrom('totp_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row
      ? { userId: row.user_id, secret: row.secret, confirmedAt: row.confirmed_at, lastStep: Number(row.last_step) }
      : null;
  }

  /** Whether the person has a confirmed authenticator app. */
  async hasConfirmed(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('totp_credentials')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async hasPasskey(userId: string): Promise<boolean> {
    return (await this.db.selectFrom('passkeys').select('id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
  }

  /** Whether the person has any second factor: a confirmed authenticator app or a passkey. */
  async hasAny(userId: string): Promise<boolean> {
    return (await this.hasConfirmed(userId)) || (await this.hasPasskey(userId));
  }

  /** Starts (or starts again) an enrolment: a new secret, not usable until confirmed. */
  async putPending(input: { userId: string; accountId: string; secret: string; now: number }): Promise<void> {
    await this.db.deleteFrom('totp_credentials').where('user_id', '=', input.userId).where('confirmed_at', 'is', null).execute();
    await this.db
      .insertInto('totp_credentials')
      .values({
        user_id: input.userId,
        account_id: input.accountId,
        secret: input.secret,
        created_at: input.now,
        confirmed_at: null,
        last_step: 0,
      })
      .execute();
  }

  /**
   * Takes the time step of an accepted code: one conditional update, so a code (or an earlier one)
   * is accepted once even when two requests race. `confirm` also marks the app confirmed.
   */
  async takeStep(userId: string, step: number, now: number, confirm: boolean, db: Kysely<Schema> = this.db): Promise<boolean> {
    const result = await db
      .updateTable('totp_credentials')
      .set(confirm ? { last_step: step, confirmed_at: now } : { last_step: step })
      .where('user_id', '=', userId)
      .where('last_step', '<', step)
      .where('confirmed_at', confirm ? 'is' : 'is not', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async removeTotp(userId: string, db: Kysely<Schema> = this.db): Promise<void> {
    await db.deleteFrom('totp_credentials').where('user_id', '=', userId).execute();
  }

  /** Replaces a person's recovery codes with new ones (their hashes). */
  async replaceRecoveryCodes(
    userId: string,
    codes: { id: string; hash: string }[],
    now: number,
    db: Kysely<Schema> = this.db,
  ): Promise<void> {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    if (codes.length === 0) return;
    await db
      .insertInto('recovery_codes')
      .values(codes.map((code) => ({ id: code.id, user_id: userId, code_hash: code.hash, created_at: now, used_at: null })))
      .execute();
  }

  /** Uses up one recovery code; false when it is unknown or already used (exactly one caller can win). */
  async useRecoveryCode(userId: string, hash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
