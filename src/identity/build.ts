import type { Database } from '../db/database.js';
import type { Platform } from '../platform/index.js';
import type { AccountLookup } from './account-lookup.js';
import { AccountsRepository } from './store/accounts.repository.js';
import { AccountsService } from './accounts.service.js';
import { PasswordTokensRepository } from './store/password-tokens.repository.js';
import { PasswordsService } from './passwords.service.js';
import { RecentPrincipals } from './recent-principals.js';
import { EmailChangeService } from './email-change.service.js';
import { PasskeysRepository } from './store/passkeys.repository.js';
import { PasskeysService } from './passkeys.service.js';
import { SecondFactorsRepository } from './store/second-factors.repository.js';
import { SessionsRepository } from './store/sessions.repository.js';
import { TwoFactorService } from './two-factor.service.js';
import { SessionsService } from './sessions.service.js';
import { SetupService } from './setup.service.js';
import { TokensRepository } from './store/tokens.repository.js';
import { TokensService } from './tokens.service.js';
import { UsersRepository } from './store/users.repository.js';
import { UsersService } from './users.service.js';

/** Companies and the people in them: accounts, team members, their API tokens, sessions and password links, and the first run's set-up. */
export interface Identity {
  accounts: AccountsService;
  users: UsersService;
  tokens: TokensService;
  passwords: PasswordsService;
  sessions: SessionsService;
  /** A person changing their own address, confirmed by a link to the new one. */
  emailChange: EmailChangeService;
  /** Two-factor sign-in: the authenticator app, recovery codes, the account's requirement. */
  twoFactor: TwoFactorService;
  /** Passkeys (WebAuthn): added while signed in, then a way to sign in on their own. */
  passkeys: PasskeysService;
  setup: SetupService;
  /** What other contexts read of accounts. */
  accountLookup: AccountLookup;
  /** Which of some people are active members of an account (a form's notified people, a card's contacts). */
  activeAmong: UsersRepository['activeAmong'];
}

export function buildIdentity(platform: Platform, parts: { db: Database['db']; publicUrl: string }): Identity {
  const { db, publicUrl } = parts;
  const { transactor, bus, clock, mail } = platform;
  const accountsRepo = new AccountsRepository(db);
  const usersRepo = new UsersRepository(db);
  const tokensRepo = new TokensRepository(db);
  const sessionsRepo = new SessionsRepository(db);
  const passwordTokensRepo = new PasswordTokensRepository(db);
  const secondFactorsRepo = new SecondFactorsRepository(db);
  const passwords = new PasswordsService({
    transactor,
    users: usersRepo,
    accounts: accountsRepo,
    tokens: passwordTokensRepo,
    sessions: sessionsRepo,
    mail,
    publicUrl,
    clock,
  });
  // Tokens read a moment ago, forgotten on every instance when access narrows.
  const recentPrincipals = new RecentPrincipals(bus);
  const accounts = new AccountsService({
    transactor,
    accounts: accountsRepo,
    users: usersRepo,
    clock,
    bus,
    limits: platform.limits,
    publicUrl,
  });
  return {
    accounts,
    users: new UsersService({
      transactor,
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
    sessions: new SessionsService(sessionsRepo, usersRepo, accountsRepo, secondFactorsRepo, clock),
    emailChange: new EmailChangeService({
      transactor,
      users: usersRepo,
      tokens: passwordTokensRepo,
      passwords,
      mail,
      publicUrl,
      clock,
    }),
    twoFactor: new TwoFactorService({
      transactor,
      secondFactors: secondFactorsRepo,
      users: usersRepo,
      accounts: accountsRepo,
      clock,
      issuer: `qrelay (${new URL(publicUrl).host})`,
    }),
    passkeys: new PasskeysService({
      passkeys: new PasskeysRepository(db),
      users: usersRepo,
      accounts: accountsRepo,
      secondFactors: secondFactorsRepo,
      clock,
      publicUrl,
    }),
    setup: new SetupService(accountsRepo, accounts, usersRepo),
    accountLookup: accountsRepo,
    activeAmong: (accountId, ids, trx) => usersRepo.activeAmong(accountId, ids, trx),
  };
}
