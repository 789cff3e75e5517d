import type { Transactor, Tx } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import { InvalidRequest, NotFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { constantTimeEqual, randomBase62, sha256Hex } from '../lib/secrets.js';
import type { AccountsRepository } from './store/accounts.repository.js';
import { assertMayManage, assertOperatorOrSystem, type MailService, type Operator, type Person } from '../platform/index.js';
import type { UsersRepository } from './store/users.repository.js';
import { normaliseEmail, type User } from './users.types.js';
import { invitationMail, passwordLink, resetMail } from './auth.mails.js';
import {
  AUTH_SECRET_LENGTH,
  isAuthSecret,
  PASSWORD_TOKEN_TTL,
  RESETS_PER_HOUR,
  type PasswordToken,
  type PasswordTokenPurpose,
} from './auth.types.js';
import type { PasswordTokensRepository } from './store/password-tokens.repository.js';
import { assertAcceptablePassword, decoyHash, hashPassword, verifyPassword } from './passwords.js';
import type { SessionsRepository } from './store/sessions.repository.js';

const HOUR = 3_600_000;

export interface PasswordsDeps {
  transactor: Transactor;
  users: UsersRepository;
  accounts: AccountsRepository;
  tokens: PasswordTokensRepository;
  sessions: SessionsRepository;
  mail: MailService;
  publicUrl: string;
  clock: Clock;
}

/**
 * The forgotten-password flow, which invitations use too: single-use links stored as hashes,
 * mailed through the outbox, and consumed to set a password.
 */
export class PasswordsService {
  constructor(private readonly deps: PasswordsDeps) {}

  /**
   * Writes an invitation link and its mail inside the caller's transaction (the new person's), and
   * answers the link when this server sends no mail, for the inviter to hand over; null when mailed.
   */
  async invite(user: User, accountName: string, tx: Tx): Promise<string | null> {
    const link = passwordLink(this.deps.publicUrl, await this.issue(user, 'invitation', tx));
    await this.deps.mail.enqueue(invitationMail(user, accountName, link), tx);
    return this.deps.mail.delivers ? null : link;
  }

  /**
   * A team manager's "send a new link" for a person of the account: an invitation for somebody who
   * has no password yet, else a reset. It is mailed; without mail the link is answered, to hand over.
   */
  async linkForMember(
    actor: Person,
    userId: string,
  ): Promise<{ url: string | null; purpose: PasswordTokenPurpose; expiresAt: number }> {
    const target = await this.deps.users.findInAccount(actor.accountId, userId);
    if (!target) throw new NotFound('user');
    assertMayManage(actor, target);
    if (target.status !== 'active') throw new InvalidRequest('The person is suspended; reactivate them first.', 'id');
    const account = await this.deps.accounts.findById(actor.accountId);
    if (!account) throw new NotFound('account');
    const purpose: PasswordTokenPurpose = (await this.deps.users.passwordHashOf(target.id)) === null ? 'invitation' : 'reset';
    const link = await this.deps.transactor.run(async (trx) => {
      const url = passwordLink(this.deps.publicUrl, await this.issue(target, purpose, trx));
      const mail = purpose === 'invitation' ? invitationMail(target, account.name, url) : resetMail(target, account.name, url);
      await this.deps.mail.enqueue(mail, trx);
      return url;
    });
    this.deps.mail.kick();
    return {
      url: this.deps.mail.delivers ? null : link,
      purpose,
      expiresAt: this.deps.clock.now() + PASSWORD_TOKEN_TTL[purpose],
    };
  }

  /**
   * A signed-in person changes their own password, giving the current one. Their other sessions and
   * outstanding links end; the session they act from stays. A wrong current password changes nothing.
   */
  async change(actor: Person, input: { sessionId: string; current: string; password: string }): Promise<void> {
    const stored = await this.deps.users.passwordHashOf(actor.userId);
    const matches = await verifyPassword(input.current, stored ?? (await decoyHash()));
    if (!stored || !matches) throw new InvalidRequest('The current password is wrong.', 'current');
    assertAcceptablePassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const now = this.deps.clock.now();
    await this.deps.transactor.run(async (trx) => {
      await this.deps.users.setPasswordHash(actor.userId, passwordHash, trx);
      await this.deps.tokens.voidAllOfUser(actor.userId, now, trx);
      await this.deps.sessions.revokeOthersOfUser(actor.userId, input.sessionId, now, trx);
    });
  }

  /**
   * Mails a reset link when the address belongs to an active person of the account. Answers the same
   * way in every case, so it never tells whether an address is known.
   */
  async requestReset(input: { accountId: string; email: string }): Promise<void> {
    const email = normaliseEmail(input.email);
    if (email === null) return;
    const account = await this.deps.accounts.findById(input.accountId);
    if (!account || account.status !== 'active') return;
    const found = await this.deps.users.findByEmail(account.id, email);
    if (!found || found.user.status !== 'active') return;
    const { user } = found;
    if ((await this.deps.tokens.countSince(user.id, 'reset', this.deps.clock.now() - HOUR)) >= RESETS_PER_HOUR) return;
    await this.deps.transactor.run(async (trx) => {
      const secret = await this.issue(user, 'reset', trx);
      await this.deps.mail.enqueue(resetMail(user, account.name, passwordLink(this.deps.publicUrl, secret)), trx);
    });
    this.deps.mail.kick();
  }

  /**
   * The dashboard's "forgot password" form, which asks only for the address: a reset link for every
   * account where it belongs to an active person. Answers alike whether or not it is known.
   */
  async requestResetAnywhere(email: string): Promise<void> {
    const normalised = normaliseEmail(email);
    if (normalised === null) return;
    for (const { user } of await this.deps.users.findByEmailAnywhere(normalised)) {
      await this.requestReset({ accountId: user.accountId, email: normalised });
    }
  }

  /**
   * Sets a password through a link. The link works once; afterwards every other outstanding link of
   * the person is void and every session ends. Any unusable link gives the same 400.
   */
  async resetPassword(input: { token: string; password: string }): Promise<User> {
    assertAcceptablePassword(input.password);
    const invalid = () => new InvalidRequest('The link is invalid, already used or expired.', 'token');
    const secret = input.token.trim();
    if (!isAuthSecret(secret)) throw invalid();
    const hash = sha256Hex(secret);
    const found = await this.deps.tokens.findByHash(hash);
    const now = this.deps.clock.now();
    if (
      !found ||
      !constantTimeEqual(found.tokenHash, hash) ||
      found.token.purpose === 'email' ||
      found.token.usedAt !== null ||
      found.token.expiresAt <= now
    )
      throw invalid();
    const user = await this.deps.users.findInAccount(found.token.accountId, found.token.userId);
    if (!user || user.status !== 'active') throw invalid();
    const passwordHash = await hashPassword(input.password);
    await this.deps.transactor.run(async (trx) => {
      if (!(await this.deps.tokens.consume(found.token.id, this.deps.clock.now(), trx))) throw invalid();
      await this.deps.users.setPasswordHash(user.id, passwordHash, trx);
      await this.deps.tokens.voidAllOfUser(user.id, now, trx);
      await this.deps.sessions.revokeAllOfUser(user.id, now, trx);
    });
    return user;
  }

  /**
   * A one-time address where an existing, active person sets a password (the operator's CLI): an
   * invitation link (7 days) for somebody without a password yet, else a reset link (1 hour). With
   * no account given, the address must belong to exactly one person.
   */
  async linkFor(
    actor: Operator,
    input: { email: string; accountId?: string },
  ): Promise<{ url: string; expiresAt: number; user: User }> {
    assertOperatorOrSystem(actor);
    const email = normaliseEmail(input.email);
    if (email === null) throw new InvalidRequest('email is not a valid address.', 'email');
    const found = input.accountId
      ? [await this.deps.users.findByEmail(input.accountId, email)].filter((f) => f !== null)
      : await this.deps.users.findByEmailAnywhere(email);
    if (found.length === 0) throw new NotFound('user');
    if (found.length > 1)
      throw new InvalidRequest('Several accounts have a person with this address; name the account.', 'account');
    const [{ user, passwordHash }] = found as [{ user: User; passwordHash: string | null }];
    if (user.status !== 'active') throw new InvalidRequest('The user is suspended.', 'email');
    const purpose: PasswordTokenPurpose = passwordHash === null ? 'invitation' : 'reset';
    const secret = await this.deps.transactor.run((tx) => this.issue(user, purpose, tx));
    return {
      url: passwordLink(this.deps.publicUrl, secret),
      expiresAt: this.deps.clock.now() + PASSWORD_TOKEN_TTL[purpose],
      user,
    };
  }

  /** A new single-use link of the person (an `email` one carries the new address it confirms). */
  async issue(user: User, purpose: PasswordTokenPurpose, tx: Tx, email: string | null = null): Promise<string> {
    const secret = randomBase62(AUTH_SECRET_LENGTH);
    const now = this.deps.clock.now();
    const token: PasswordToken = {
      id: newId(),
      accountId: user.accountId,
      userId: user.id,
      purpose,
      createdAt: now,
      expiresAt: now + PASSWORD_TOKEN_TTL[purpose],
      usedAt: null,
      email,
    };
    await this.deps.tokens.insert(token, sha256Hex(secret), tx);
    return secret;
  }
}
