import type { CreateCodeInput } from '../../src/catalog/codes/codes.types.js';
import type { Account } from '../../src/identity/accounts.types.js';
import type { CreateAccountInput } from '../../src/identity/accounts.service.js';
import { OPERATOR } from '../../src/platform/authz/roles.policy.js';
import { SCOPES } from '../../src/platform/authz/scopes.js';
import type { User } from '../../src/identity/users.types.js';
import type { Services } from '../../src/services.js';
import { mediaUrl } from '../../src/catalog/media/media.paths.js';
import { actorIn } from './actors.js';
import { LOGO_SVG, logoPng } from './media.js';

let sequence = 0;

export interface Tenant {
  account: Account;
  owner: User;
  /** A token of the owner holding every scope. */
  token: string;
}

/** Builds accounts, users and tokens through the real services as the operator does, with overridable defaults. */
export class Factory {
  constructor(
    private readonly services: Services,
    private readonly publicUrl = 'http://localhost',
  ) {}

  /** The test logo (PNG or SVG) uploaded to the account's media library; its public address. */
  async logo(accountId: string, kind: 'png' | 'svg' = 'png'): Promise<string> {
    return this.media(accountId, kind === 'png' ? await logoPng() : LOGO_SVG, `logo.${kind}`);
  }

  /** A file uploaded to the account's media library; its public address. */
  async media(accountId: string, bytes: Buffer, filename: string): Promise<string> {
    const file = await this.services.catalog.media.upload(actorIn(accountId), { bytes, filename });
    return mediaUrl(this.publicUrl, file);
  }

  async tenant(overrides: Partial<CreateAccountInput> = {}): Promise<Tenant> {
    sequence += 1;
    const { account, owner } = await this.services.identity.accounts.create(OPERATOR, {
      name: `Account ${sequence}`,
      plan: 'business',
      ownerEmail: `owner${sequence}@example.com`,
      ...overrides,
    });
    const token = await this.token(account.id, [...SCOPES]);
    return { account, owner, token };
  }

  async token(
    accountId: string,
    scopes: readonly string[],
    options: { userId?: string; expiresAt?: number; name?: string } = {},
  ) {
    const { token } = await this.services.identity.tokens.create(OPERATOR, { accountId, scopes, ...options });
    return token;
  }

  async user(accountId: string, role: 'member' | 'editor' | 'admin' = 'member') {
    sequence += 1;
    return this.services.identity.users.create(OPERATOR, { accountId, email: `user${sequence}@example.com`, role });
  }

  /** The secret of the newest password link mailed to this address (invitation or reset), from the outbox. */
  async mailedSecret(email: string): Promise<string> {
    const [latest] = await this.services.platform.mail.list({ to: email, limit: 1 });
    const secret = latest ? /token=([0-9A-Za-z]+)/.exec(latest.text)?.[1] : undefined;
    if (!secret) throw new Error(`no password link was mailed to ${email}`);
    return secret;
  }

  /** Follows the person's invitation to set a password, then signs in; returns the session secret. */
  async signedIn(user: User, password = 'correct horse battery'): Promise<string> {
    await this.services.identity.passwords.resetPassword({ token: await this.mailedSecret(user.email), password });
    const { secret } = await this.services.identity.sessions.signIn({ accountId: user.accountId, email: user.email, password });
    return secret;
  }

  async code(accountId: string, overrides: Partial<CreateCodeInput> = {}) {
    sequence += 1;
    return this.services.catalog.codes.create(actorIn(accountId), {
      name: `Code ${sequence}`,
      url: `https://example.com/c/${sequence}`,
      ...overrides,
    });
  }

  async link(accountId: string, overrides: Partial<CreateCodeInput> = {}) {
    sequence += 1;
    return this.services.catalog.links.create(actorIn(accountId), { url: `https://example.com/l/${sequence}`, ...overrides });
  }
}
