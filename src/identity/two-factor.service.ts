import type { Transactor } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import { Forbidden, InvalidRequest, NotFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { sha256Hex } from '../lib/secrets.js';
import { assertCan, type Person } from '../platform/index.js';
import type { Session } from './auth.types.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes.js';
import type { AccountsRepository } from './store/accounts.repository.js';
import type { SecondFactorsRepository } from './store/second-factors.repository.js';
import type { UsersRepository } from './store/users.repository.js';
import { newTotpSecret, totpStep, totpUri } from './totp.js';

export interface TwoFactorDeps {
  transactor: Transactor;
  secondFactors: SecondFactorsRepository;
  users: UsersRepository;
  accounts: AccountsRepository;
  clock: Clock;
  /** The service's name in authenticator apps (the public host). */
  issuer: string;
}

/** What the account page shows of a person's two-factor sign-in. */
export interface TwoFactorStatus {
  totp: boolean;
  recoveryCodesLeft: number;
  /** The account requires every person to sign in with two factors. */
  required: boolean;
}

const wrongCode = (field: string) => new InvalidRequest('The code is wrong, expired or already used.', field);

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: 6 digits, 30-second steps, one step
 * of drift either way) and ten single-use recovery codes kept as hashes. A code is accepted once: the
 * step it belongs to is recorded and no code of that step or an earlier one works again.
 */
export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDeps) {}

  async status(actor: Person): Promise<TwoFactorStatus> {
    const [totp, left, account] = await Promise.all([
      this.deps.secondFactors.hasConfirmed(actor.userId),
      this.deps.secondFactors.recoveryCodesLeft(actor.userId),
      this.deps.accounts.findById(actor.accountId),
    ]);
    return { totp, recoveryCodesLeft: left, required: account?.requireTwoFactor ?? false };
  }

  /** Starts enrolling an authenticator app: a new secret and its otpauth address, to show as a QR symbol. */
  async begin(actor: Person): Promise<{ secret: string; uri: string }> {
    if (await this.deps.secondFactors.hasConfirmed(actor.userId))
      throw new InvalidRequest('An authenticator app is already set up; remove it first.');
    const user = await this.deps.users.findInAccount(actor.accountId, actor.userId);
    if (!user) throw new NotFound('user');
    const secret = newTotpSecret();
    await this.deps.secondFactors.putPending({
      userId: actor.userId,
      accountId: actor.accountId,
      secret,
      now: this.deps.clock.now(),
    });
    return { secret, uri: totpUri(secret, user.email, this.deps.issuer) };
  }

  /** Confirms the app with a first code; answers the ten recovery codes, shown this once. */
  async confirm(actor: Person, code: string): Promise<{ recoveryCodes: string[] }> {
    const record = await this.deps.secondFactors.totpOf(actor.userId);
    if (!record || record.confirmedAt !== null) throw new InvalidRequest('Start setting up the authenticator app first.', 'code');
    const now = this.deps.clock.now();
    const step = totpStep(record.secret, code, now);
    const codes = newRecoveryCodes();
    await this.deps.transactor.run(async (trx) => {
      if (step === null || !(await this.deps.secondFactors.takeStep(actor.userId, step, now, true, trx))) throw wrongCode('code');
      await this.deps.secondFactors.replaceRecoveryCodes(actor.userId, codes.map(hashed), now, trx);
    });
    return { recoveryCodes: codes };
  }

  /** New recovery codes in place of the old ones, with the current password. */
  async renewRecoveryCodes(actor: Person, password: string): Promise<{ recoveryCodes: string[] }> {
    await this.assertPassword(actor, password);
    if (!(await this.deps.secondFactors.hasConfirmed(actor.userId)))
      throw new InvalidRequest('Set up an authenticator app first.');
    const codes = newRecoveryCodes();
    await this.deps.secondFactors.replaceRecoveryCodes(actor.userId, codes.map(hashed), this.deps.clock.now());
    return { recoveryCodes: codes };
  }

  /** Removes the app and the recovery codes, with the current password; refused where the account requires a second factor and no passkey is left. */
  async remove(actor: Person, password: string): Promise<void> {
    await this.assertPassword(actor, password);
    const account = await this.deps.accounts.findById(actor.accountId);
    if (account?.requireTwoFactor && !(await this.deps.secondFactors.hasPasskey(actor.userId)))
      throw new Forbidden('Your account requires two-factor sign-in: add a passkey before removing the app.');
    await this.deps.transactor.run(async (trx) => {
      await this.deps.secondFactors.removeTotp(actor.userId, trx);
      await this.deps.secondFactors.replaceRecoveryCodes(actor.userId, [], this.deps.clock.now(), trx);
    });
  }

  /**
   * The second step of signing in: a code of the app, or a recovery code (used up). Throws the same
   * 400 for a wrong, expired or reused code.
   */
  async verify(session: Session, code: string): Promise<void> {
    const now = this.deps.clock.now();
    const recovery = normaliseRecoveryCode(code);
    if (recovery !== null) {
      if (!(await this.deps.secondFactors.useRecoveryCode(session.userId, sha256Hex(recovery), now))) throw wrongCode('code');
      return;
    }
    const record = await this.deps.secondFactors.totpOf(session.userId);
    const step = record?.confirmedAt ? totpStep(record.secret, code, now) : null;
    if (step === null || !(await this.deps.secondFactors.takeStep(session.userId, step, now, false))) throw wrongCode('code');
  }

  /** An owner requires (or no longer requires) two-factor sign-in of everybody in the account. */
  async setRequired(actor: Person, required: boolean): Promise<void> {
    assertCan(actor, 'account:manage', 'Only an owner can require two-factor sign-in.');
    if (required && !(await this.deps.secondFactors.hasAny(actor.userId)))
      throw new InvalidRequest('Set up two-factor sign-in for yourself first.', 'requireTwoFactor');
    await this.deps.accounts.setRequireTwoFactor(actor.accountId, required);
  }

  private async assertPassword(actor: Person, password: string): Promise<void> {
    const stored = await this.deps.users.passwordHashOf(actor.userId);
    const matches = await verifyPassword(password, stored ?? (await decoyHash()));
    if (!stored || !matches) throw new InvalidRequest('The current password is wrong.', 'password');
  }
}

const hashed = (code: string) => ({ id: newId(), hash: sha256Hex(code) });
