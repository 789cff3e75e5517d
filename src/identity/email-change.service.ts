import type { Transactor } from '../db/transaction.js';
import { isUniqueViolation } from '../db/dialect.js';
import type { Clock } from '../lib/clock.js';
import { InvalidRequest, NotFound } from '../lib/errors.js';
import { constantTimeEqual, sha256Hex } from '../lib/secrets.js';
import type { MailService, Person } from '../platform/index.js';
import { emailChangedMail, emailChangeMail, emailLink } from './auth.mails.js';
import { isAuthSecret } from './auth.types.js';
import type { PasswordsService } from './passwords.service.js';
import { decoyHash, verifyPassword } from './passwords.js';
import type { PasswordTokensRepository } from './store/password-tokens.repository.js';
import type { UsersRepository } from './store/users.repository.js';
import { normaliseEmail, type User } from './users.types.js';

export interface EmailChangeDeps {
  transactor: Transactor;
  users: UsersRepository;
  tokens: PasswordTokensRepository;
  passwords: PasswordsService;
  mail: MailService;
  publicUrl: string;
  clock: Clock;
}

/**
 * A person changes the address they sign in with: asked with the current password, confirmed by a
 * single-use link sent to the new address (answered instead when this server sends no mail); the old
 * address is told once it is done.
 */
export class EmailChangeService {
  constructor(private readonly deps: EmailChangeDeps) {}

  async request(actor: Person, input: { password: string; email: string }): Promise<{ url: string | null; email: string }> {
    const stored = await this.deps.users.passwordHashOf(actor.userId);
    const matches = await verifyPassword(input.password, stored ?? (await decoyHash()));
    if (!stored || !matches) throw new InvalidRequest('The current password is wrong.', 'password');
    const email = normaliseEmail(input.email);
    if (email === null) throw new InvalidRequest('This is not a valid e-mail address.', 'email');
    const user = await this.deps.users.findInAccount(actor.accountId, actor.userId);
    if (!user) throw new NotFound('user');
    if (email === user.email) throw new InvalidRequest('This is already your address.', 'email');
    if (await this.deps.users.findByEmail(actor.accountId, email))
      throw new InvalidRequest('Somebody in this account already has this address.', 'email');
    const link = await this.deps.transactor.run(async (trx) => {
      const url = emailLink(this.deps.publicUrl, await this.deps.passwords.issue(user, 'email', trx, email));
      await this.deps.mail.enqueue(emailChangeMail(user, email, url), trx);
      return url;
    });
    this.deps.mail.kick();
    return { url: this.deps.mail.delivers ? null : link, email };
  }

  /** Confirms a new address through its link; every unusable link gives the same 400. */
  async confirm(token: string): Promise<User> {
    const invalid = () => new InvalidRequest('The link is invalid, already used or expired.', 'token');
    const secret = token.trim();
    if (!isAuthSecret(secret)) throw invalid();
    const hash = sha256Hex(secret);
    const found = await this.deps.tokens.findByHash(hash);
    const now = this.deps.clock.now();
    if (!found || !constantTimeEqual(found.tokenHash, hash) || found.token.purpose !== 'email' || found.token.email === null)
      throw invalid();
    const email = found.token.email;
    const user = await this.deps.users.findInAccount(found.token.accountId, found.token.userId);
    if (!user || user.status !== 'active') throw invalid();
    try {
      await this.deps.transactor.run(async (trx) => {
        if (!(await this.deps.tokens.consume(found.token.id, now, trx))) throw invalid();
        await this.deps.users.setEmail(user.id, email, trx);
        await this.deps.mail.enqueue(emailChangedMail(user, email), trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new InvalidRequest('Somebody in this account already has this address.', 'token');
      throw error;
    }
    this.deps.mail.kick();
    return { ...user, email };
  }
}
