import { InvalidRequest } from '../lib/errors.js';
import { constantTimeEqual, randomBase62, sha256Hex } from '../lib/secrets.js';
import type { AccountsRepository } from './store/accounts.repository.js';
import type { AccountsService } from './accounts.service.js';
import { AUTH_SECRET_LENGTH, isAuthSecret } from './auth.types.js';
import { assertAcceptablePassword, hashPassword } from './passwords.js';
import { SYSTEM } from '../platform/index.js';
import type { UsersRepository } from './store/users.repository.js';
import { normaliseEmail, type User } from './users.types.js';

/** The plan of the first account: the operator's own instance has every feature and no allowance. */
export const FIRST_ACCOUNT_PLAN = 'enterprise';

/**
 * First run: while the store holds no account, a serving process opens a one-time set-up
 * secret (kept in memory as its hash, valid until used) with which the operator creates the first
 * account and its owner, password included.
 */
export class SetupService {
  private secretHash: string | null = null;

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly accountsService: AccountsService,
    private readonly users: UsersRepository,
  ) {}

  /** A fresh set-up secret when the store has no account, else null. */
  async open(): Promise<string | null> {
    if (await this.accounts.any()) return null;
    const secret = randomBase62(AUTH_SECRET_LENGTH);
    this.secretHash = sha256Hex(secret);
    return secret;
  }

  /** Takes the secret another process of the same machine opened (a cluster's primary hands it to its workers). */
  adopt(secret: string): void {
    this.secretHash = sha256Hex(secret);
  }

  /** Whether set-up is still to be done in this process. */
  async pending(): Promise<boolean> {
    if (this.secretHash === null) return false;
    if (await this.accounts.any()) this.secretHash = null;
    return this.secretHash !== null;
  }

  /** Creates the first account and its owner with a password; the secret works once. */
  async complete(input: { token: string; accountName: string; email: string; password: string }): Promise<User> {
    const name = input.accountName.trim();
    if (name.length === 0 || name.length > 200)
      throw new InvalidRequest('accountName must be 1 to 200 characters.', 'accountName');
    if (normaliseEmail(input.email) === null) throw new InvalidRequest('email is not a valid address.', 'email');
    assertAcceptablePassword(input.password);
    const hash = sha256Hex(input.token.trim());
    const expected = this.secretHash;
    if (expected === null || !isAuthSecret(input.token.trim()) || !constantTimeEqual(hash, expected)) {
      throw new InvalidRequest('The set-up link is invalid or already used.', 'token');
    }
    this.secretHash = null; // claimed before any await, so two requests cannot both use it
    try {
      if (await this.accounts.any()) throw new InvalidRequest('The set-up link is invalid or already used.', 'token');
      const passwordHash = await hashPassword(input.password);
      const { owner } = await this.accountsService.create(SYSTEM, { name, plan: FIRST_ACCOUNT_PLAN, ownerEmail: input.email });
      await this.users.setPasswordHash(owner.id, passwordHash);
      return owner;
    } catch (error) {
      if (!(await this.accounts.any())) this.secretHash = expected;
      throw error;
    }
  }
}
