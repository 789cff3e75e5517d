import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import type { Transactor } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import type { AccountsRepository } from '../modules/accounts/accounts.repository.js';
import { AccountsService } from '../modules/accounts/accounts.service.js';
import { PasswordTokensRepository } from '../modules/auth/password-tokens.repository.js';
import { PasswordsService } from '../modules/auth/passwords.service.js';
import { SessionsRepository } from '../modules/auth/sessions.repository.js';
import { SessionsService } from '../modules/auth/sessions.service.js';
import { MailRepository } from '../modules/mail/mail.repository.js';
import { MailService } from '../modules/mail/mail.service.js';
import type { MailTransport } from '../modules/mail/mail.types.js';
import type { LimitsService } from '../modules/limits/limits.service.js';
import type { InvalidationBus } from '../modules/resolver/invalidation-bus.js';
import { SetupService } from '../modules/setup/setup.service.js';
import { RecentPrincipals } from '../modules/tokens/recent-principals.js';
import { TokensRepository } from '../modules/tokens/tokens.repository.js';
import { TokensService } from '../modules/tokens/tokens.service.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { UsersService } from '../modules/users/users.service.js';
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
  limits: LimitsService;
}

/**
 * Companies and the people in them: accounts, team members, their API tokens, sessions and password
 * links, the mail that reaches them, and the first run's set-up.
 */
export function buildPeople(
  parts: PeopleParts,
): Pick<Services, 'accounts' | 'users' | 'tokens' | 'sessions' | 'passwords' | 'mail' | 'setup'> {
  const { db, transactor: tx, accounts: accountsRepo, bus, clock, publicUrl, limits } = parts;
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
  const accounts = new AccountsService({
    transactor: tx,
    accounts: accountsRepo,
    users: usersRepo,
    clock,
    bus,
    limits,
    publicUrl,
  });
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
