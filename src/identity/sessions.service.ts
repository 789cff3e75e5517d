import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { constantTimeEqual, randomBase62, sha256Hex } from '../lib/secrets.js';
import type { AccountsRepository } from './store/accounts.repository.js';
import { effectivePlan } from '../platform/index.js';
import type { UsersRepository } from './store/users.repository.js';
import { normaliseEmail, type User } from './users.types.js';
import { InvalidCredentials } from './auth.errors.js';
import { AUTH_SECRET_LENGTH, isAuthSecret, SESSION_TTL, type Session, type SessionPrincipal } from './auth.types.js';
import { decoyHash, verifyPassword } from './passwords.js';
import type { SessionsRepository } from './store/sessions.repository.js';

/** Dashboard sign-in: a session secret goes to the browser; only its hash is stored. */
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Signs a person in with e-mail and password within one account. Every failure (unknown address,
   * no password set yet, wrong password, suspended person or company) gives the same InvalidCredentials.
   */
  async signIn(input: { accountId: string; email: string; password: string }): Promise<{ secret: string; session: Session }> {
    const email = normaliseEmail(input.email);
    const account = await this.accounts.findById(input.accountId);
    const found = email !== null && account ? await this.users.findByEmail(account.id, email) : null;
    const matches = await verifyPassword(input.password, found?.passwordHash ?? (await decoyHash()));
    if (!found?.passwordHash || !matches || found.user.status !== 'active' || account?.status !== 'active') {
      throw new InvalidCredentials();
    }
    return this.start(found.user);
  }

  /**
   * Signs a person in with e-mail and password alone (the dashboard's form). An address may belong to
   * people of several accounts: the first account, oldest first, where the password matches and both
   * the person and the company are active wins. Failures are indistinguishable, as for `signIn`.
   */
  async signInWithEmail(input: { email: string; password: string }): Promise<{ secret: string; session: Session }> {
    const email = normaliseEmail(input.email);
    const candidates = email === null ? [] : await this.users.findByEmailAnywhere(email);
    const withPassword = candidates.filter((c) => c.passwordHash !== null && c.user.status === 'active');
    if (withPassword.length === 0) {
      await verifyPassword(input.password, await decoyHash());
      throw new InvalidCredentials();
    }
    for (const candidate of withPassword) {
      if (!(await verifyPassword(input.password, candidate.passwordHash ?? ''))) continue;
      const account = await this.accounts.findById(candidate.user.accountId);
      if (account?.status === 'active') return this.start(candidate.user);
    }
    throw new InvalidCredentials();
  }

  private async start(user: User): Promise<{ secret: string; session: Session }> {
    const now = this.clock.now();
    const secret = randomBase62(AUTH_SECRET_LENGTH);
    const session: Session = {
      id: newId(),
      accountId: user.accountId,
      userId: user.id,
      createdAt: now,
      expiresAt: now + SESSION_TTL,
      revokedAt: null,
    };
    await this.sessions.insert(session, sha256Hex(secret));
    await this.users.setLastSignIn(user.id, now);
    return { secret, session };
  }

  /** The person behind a session secret, or null when it is unknown, ended, expired or suspended. */
  async authenticate(secret: string): Promise<SessionPrincipal | null> {
    if (!isAuthSecret(secret)) return null;
    const hash = sha256Hex(secret);
    const found = await this.sessions.findByHash(hash);
    if (!found || !constantTimeEqual(found.secretHash, hash)) return null;
    const { session } = found;
    if (session.revokedAt !== null || session.expiresAt <= this.clock.now()) return null;
    const [user, account] = await Promise.all([
      this.users.findInAccount(session.accountId, session.userId),
      this.accounts.findById(session.accountId),
    ]);
    if (!user || user.status !== 'active' || !account || account.status !== 'active') return null;
    return { session, user, account: { id: account.id, name: account.name, plan: effectivePlan(account.plan, account) } };
  }

  /** Ends one session (signing out). Unknown secrets are ignored. */
  async signOut(secret: string): Promise<void> {
    if (!isAuthSecret(secret)) return;
    const found = await this.sessions.findByHash(sha256Hex(secret));
    if (found) await this.sessions.revoke(found.session.id, this.clock.now());
  }

  /** The person's sessions that are still usable. */
  listLive(userId: string): Promise<Session[]> {
    return this.sessions.listLive(userId, this.clock.now());
  }
}
