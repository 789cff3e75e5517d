import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import type { Transactor } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import type { AccountsRepository } from '../identity/accounts.repository.js';
import { AccountsService } from '../identity/accounts.service.js';
import { PasswordTokensRepository } from '../identity/password-tokens.repository.js';
import { PasswordsService } from '../identity/passwords.service.js';
import { SessionsRepository } from '../identity/sessions.repository.js';
import { SessionsService } from '../identity/sessions.service.js';
import { MailRepository } from '../platform/mail/mail.repository.js';
import { MailService } from '../platform/mail/mail.service.js';
import type { MailTransport } from '../platform/mail/mail.types.js';
import type { InvalidationBus } from '../platform/bus/invalidation-bus.js';
import { SetupService } from '../identity/setup.service.js';
import { RecentPrincipals } from '../identity/recent-principals.js';
import { TokensRepository } from '../identity/tokens.repository.js';
import { TokensService } from '../identity/tokens.service.js';
import { UsersRepository } from '../identity/users.repository.js';
import { UsersService } from '../identity/users.service.js';
import type { Services } from '../services.js';

/** What `buildPeople` needs: the store and the shared parts the composition root made first. */
export interface PeopleParts {
  db: Kysely<Schema>;
  transactor: Transactor;
  accounts: AccountsRepository;
  mailTransport: MailTransport | null;
  bus: InvalidationBus;
  clock: Clock;
  publicUrl: string;
}

/**
 * Companies and the people in them: accounts, team members, their API tokens, sessions and password
 * links, the mail that reaches them, and the first run's set-up.
 */
export function buildPeople(
  parts: PeopleParts,
): Pick<Services, 'accounts' | 'users' | 'tokens' | 'sessions' | 'passwords' | 'mail' | 'setup'> {
  const { db, transactor: tx, accounts: accountsRepo, bus, clock, publicUrl } = parts;
  const usersRepo = new UsersRepository(db);
  const tokensRepo = new TokensRepository(db);
  const sessionsRepo = new SessionsRepository(db);
  const passwordTokensRepo = new PasswordTokensRepository(db);
  const mail = new MailService(new MailRepository(db), parts.mailTransport, clock);
  const passwords = new PasswordsService({
    transactor: tx,
    users: usersRepo,
    accounts: accountsRepo,
    tokens: passwordTokensRepo,
    sessions: sessionsRepo,
    mail,
    publicUrl: publicUrl,
    clock,
  });
  // Tokens read a moment ago, forgotten on every instance when access narrows (ADR 0163).
  const recentPrincipals = new RecentPrincipals(bus);
  const accounts = new AccountsService({ transactor: tx, accounts: accountsRepo, users: usersRepo, clock, bus });
  return {
    accounts,
    users: new UsersService({
      transactor: tx,
      users: usersRepo,
      accounts: accountsRepo,
      tokens: tokensRepo,
      sessions: sessionsRepo,
      passwordTokens: passwordTokensRepo,
      passwords,
      mail,
      clock,
      recentPrincipals,
    }),
    tokens: new TokensService(tokensRepo, usersRepo, accountsRepo, clock, recentPrincipals),
    passwords,
    sessions: new SessionsService(sessionsRepo, usersRepo, accountsRepo, clock),
    mail,
    setup: new SetupService(accountsRepo, accounts, usersRepo),
  };
}
