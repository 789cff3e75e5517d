import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { constantTimeEqual, randomBase62, sha256Hex } from '../lib/secrets.js';
import type { AccountsRepository } from './store/accounts.repository.js';
import { effectivePlan, parseAgent } from '../platform/index.js';
import type { UsersRepository } from './store/users.repository.js';
import { normaliseEmail, type User } from './users.types.js';
import { InvalidCredentials } from './auth.errors.js';
import {
  AUTH_SECRET_LENGTH,
  isAuthSecret,
  SECOND_FACTOR_TTL,
  SESSION_TTL,
  type Session,
  type SessionPrincipal,
} from './auth.types.js';
import { NotFound } from '../lib/errors.js';
import type { SecondFactorsRepository } from './store/second-factors.repository.js';
import { decoyHash, verifyPassword } from './passwords.js';
import type { SessionsRepository } from './store/sessions.repository.js';

/** Dashboard sign-in: a session secret goes to the browser; only its hash is stored. */
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly secondFactors: SecondFactorsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Signs a person in with e-mail and password within one account. Every failure (unknown address,
   * no password set yet, wrong password, suspended person or company) gives the same InvalidCredentials.
   */
  async signIn(input: { accountId: string; email: string; password: string; userAgent?: string | null }): Promise<SignedIn> {
    const email = normaliseEmail(input.email);
    const account = await this.accounts.findById(input.accountId);
    const found = email !== null && account ? await this.users.findByEmail(account.id, email) : null;
    const matches = await verifyPassword(input.password, found?.passwordHash ?? (await decoyHash()));
    if (!found?.passwordHash || !matches || found.user.status !== 'active' || account?.status !== 'active') {
      throw new InvalidCredentials();
    }
    return this.start(found.user, input.userAgent ?? null);
  }

  /**
   * Signs a person in with e-mail and password alone (the dashboard's form). An address may belong to
   * people of several accounts: the first account, oldest first, where the password matches and both
   * the person and the company are active wins. Failures are indistinguishable, as for `signIn`.
   */
  async signInWithEmail(input: { email: string; password: string; userAgent?: string | null }): Promise<SignedIn> {
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
      if (account?.status === 'active') return this.start(candidate.user, input.userAgent ?? null);
    }
    throw new InvalidCredentials();
  }

  /**
   * Opens a session; for a person with an authenticator app it only awaits the second factor (for a
   * few minutes) and `secondFactor` says so, and nothing else counts as signed in yet.
   */
  private async start(user: User, userAgent: string | null, secondFactorGiven = false): Promise<SignedIn> {
    const now = this.clock.now();
    const secondFactor = !secondFactorGiven && (await this.secondFactors.hasAny(user.id));
    const secret = randomBase62(AUTH_SECRET_LENGTH);
    const session: Session = {
      id: newId(),
      accountId: user.accountId,
      userId: user.id,
      createdAt: now,
      expiresAt: now + (secondFactor ? SECOND_FACTOR_TTL : SESSION_TTL),
      revokedAt: null,
      agent: agentLabel(userAgent),
      lastUsedAt: now,
      stage: secondFactor ? 'second_factor' : 'full',
    };
    await this.sessions.insert(session, sha256Hex(secret));
    if (!secondFactor) await this.users.setLastSignIn(user.id, now);
    return { secret, session, secondFactor };
  }

  /**
   * Signs in the person a passkey belongs to: the device held the key and checked who held the device,
   * so the session is complete at once. A suspended person or company is refused like a wrong password.
   */
  async signInWithPasskey(input: { accountId: string; userId: string; userAgent?: string | null }): Promise<SignedIn> {
    const [user, account] = await Promise.all([
      this.users.findInAccount(input.accountId, input.userId),
      this.accounts.findById(input.accountId),
    ]);
    if (!user || user.status !== 'active' || account?.status !== 'active') throw new InvalidCredentials();
    return this.start(user, input.userAgent ?? null, true);
  }

  /** The session awaiting its second factor behind a secret, or null. */
  async awaitingSecondFactor(secret: string): Promise<Session | null> {
    const found = await this.find(secret);
    if (!found || found.stage !== 'second_factor') return null;
    return found;
  }

  /** Completes a session whose second factor was given: it lasts the full term from now on. */
  async complete(session: Session): Promise<void> {
    const now = this.clock.now();
    if (!(await this.sessions.complete(session.id, now + SESSION_TTL))) throw new NotFound('session');
    await this.users.setLastSignIn(session.userId, now);
  }

  private async find(secret: string): Promise<Session | null> {
    if (!isAuthSecret(secret)) return null;
    const hash = sha256Hex(secret);
    const found = await this.sessions.findByHash(hash);
    if (!found || !constantTimeEqual(found.secretHash, hash)) return null;
    const { session } = found;
    if (session.revokedAt !== null || session.expiresAt <= this.clock.now()) return null;
    return session;
  }

  /** The person behind a session secret, or null when it is unknown, ended, expired, incomplete or suspended. */
  async authenticate(secret: string): Promise<SessionPrincipal | null> {
    const session = await this.find(secret);
    if (!session || session.stage !== 'full') return null;
    const [user, account, twoFactor] = await Promise.all([
      this.users.findInAccount(session.accountId, session.userId),
      this.accounts.findById(session.accountId),
      this.secondFactors.hasAny(session.userId),
    ]);
    if (!user || user.status !== 'active' || !account || account.status !== 'active') return null;
    await this.sessions.touch(session, this.clock.now());
    return {
      session,
      user,
      account: {
        id: account.id,
        name: account.name,
        plan: effectivePlan(account.plan, account),
        requireTwoFactor: account.requireTwoFactor,
      },
      twoFactor,
    };
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

  /** Ends one of the person's own sessions; another person's is not found. */
  async revokeOwn(userId: string, sessionId: string): Promise<void> {
    if (!(await this.sessions.revokeOfUser(userId, sessionId, this.clock.now()))) throw new NotFound('session');
  }

  /** Ends every session of the person but the one they act from; answers how many ended. */
  revokeOthers(userId: string, currentSessionId: string): Promise<number> {
    return this.sessions.revokeOthersOfUser(userId, currentSessionId, this.clock.now());
  }
}

/** A session opened by a right password: complete, or awaiting the second factor. */
export interface SignedIn {
  secret: string;
  session: Session;
  secondFactor: boolean;
}

/** "Firefox on Windows" from a User-Agent header: what a person recognises in the sessions list. */
export function agentLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = parseAgent(userAgent);
  if (!browser && !os) return null;
  return [browser ?? 'A browser', os].filter(Boolean).join(' on ');
}
