import type { Clock } from '../lib/clock.js';
import { Forbidden, InvalidRequest, NotFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { constantTimeEqual, randomBase62, sha256Hex } from '../lib/secrets.js';
import type { AccountsRepository } from './store/accounts.repository.js';
import {
  actsIn,
  assertCan,
  effectivePlan,
  isPerson,
  parseScopes,
  roleAllowsScope,
  type Actor,
  type Person,
  type Scope,
} from '../platform/index.js';
import type { UsersRepository } from './store/users.repository.js';
import type { Role } from './users.types.js';
import type { RecentPrincipals } from './recent-principals.js';
import type { TokensRepository } from './store/tokens.repository.js';
import { TOKEN_PREFIX, TOKEN_SECRET_LENGTH, type ApiToken, type Principal } from './tokens.types.js';

export interface CreateTokenInput {
  accountId: string;
  scopes: string | readonly string[];
  userId?: string;
  name?: string;
  expiresAt?: number;
}

const TOKEN_SHAPE = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${TOKEN_SECRET_LENGTH}}$`);
const TOUCH_GRANULARITY_MS = 60_000;

/** API tokens: issued once, kept only as a hash, checked on every request. */
export class TokensService {
  private readonly lastTouched = new Map<string, number>();

  constructor(
    private readonly tokens: TokensRepository,
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly clock: Clock,
    private readonly recent: RecentPrincipals,
  ) {}

  /**
   * Issues a token in the named account, for `userId` (the owner when none is named). The returned
   * secret is shown once and never stored. A person (the dashboard's settings) issues tokens for
   * themself only, never with more than their role allows; the operator (CLI) for anybody.
   */
  async create(actor: Actor, input: CreateTokenInput): Promise<{ token: string; record: ApiToken }> {
    assertCan(actor, 'tokens:create');
    const scopes = parseScopes(input.scopes);
    const account = await this.accounts.findById(input.accountId);
    if (!account || !actsIn(actor, account.id)) throw new NotFound('account');
    if (isPerson(actor) && input.userId !== undefined && input.userId !== actor.userId) {
      throw new Forbidden('A person creates API tokens for themself only.');
    }
    const userId = isPerson(actor) ? actor.userId : input.userId;
    const user = userId ? await this.users.findInAccount(account.id, userId) : await this.users.findOwner(account.id);
    if (!user) throw new NotFound('user');
    if (user.status !== 'active') throw new InvalidRequest('The user is suspended.', 'user');
    if (scopes.includes('team:write') && user.role !== 'owner') {
      throw new Forbidden('Only an owner can hold a token that manages the team (team:write).');
    }
    const beyondRole = scopes.filter((scope) => !roleAllowsScope(user.role, scope));
    if (beyondRole.length > 0) throw new Forbidden(`The ${user.role} role does not allow a token with ${beyondRole.join(', ')}.`);
    const name = input.name?.trim() || null;
    if (name !== null && name.length > 200) throw new InvalidRequest('name must be at most 200 characters.', 'name');
    const now = this.clock.now();
    if (input.expiresAt !== undefined && (!Number.isFinite(input.expiresAt) || input.expiresAt <= now)) {
      throw new InvalidRequest('expiry must be a time in the future.', 'expiresAt');
    }
    const secret = TOKEN_PREFIX + randomBase62(TOKEN_SECRET_LENGTH);
    const record: ApiToken = {
      id: newId(),
      accountId: account.id,
      userId: user.id,
      name,
      scopes,
      createdAt: now,
      expiresAt: input.expiresAt ?? null,
      revokedAt: null,
      lastUsedAt: null,
    };
    await this.tokens.insert(record, sha256Hex(secret));
    return { token: secret, record };
  }

  /** The acting person's own tokens, newest first, revoked ones included. */
  list(actor: Person): Promise<ApiToken[]> {
    return this.tokens.listByUser(actor.accountId, actor.userId);
  }

  /** Revokes a token: a person only one of their own (anybody else's is NotFound); the operator any. */
  async revoke(actor: Actor, id: string): Promise<ApiToken> {
    const token = await this.tokens.findById(id);
    if (!token || (isPerson(actor) && (token.accountId !== actor.accountId || token.userId !== actor.userId))) {
      throw new NotFound('token');
    }
    await this.tokens.revoke(id, this.clock.now());
    this.recent.forget();
    return (await this.tokens.findById(id)) ?? token;
  }

  /**
   * The principal behind a presented secret, or null for any reason it cannot be used
   * (malformed, unknown, revoked, expired, suspended user or company): callers cannot tell these apart.
   */
  async authenticate(secret: string): Promise<Principal | null> {
    if (!TOKEN_SHAPE.test(secret)) return null;
    const hash = sha256Hex(secret);
    const now = this.clock.now();
    const found = await this.recent.get(hash, now, () => this.tokens.findByHash(hash));
    if (!found || !constantTimeEqual(found.tokenHash, hash)) return null;
    const { token, user, account } = found;
    if (token.revokedAt !== null) return null;
    if (token.expiresAt !== null && token.expiresAt <= now) return null;
    if (user.status !== 'active' || account.status !== 'active') return null;
    this.touch(token.id, now);
    const role = user.role as Role;
    return {
      // A token never does more than its person's role allows now (a demotion takes effect at once here,
      // within RECENT_PRINCIPAL_MS on other instances).
      token: { ...token, scopes: token.scopes.filter((scope) => roleAllowsScope(role, scope)) },
      user: { id: user.id, role },
      account: { id: account.id, name: account.name, plan: effectivePlan(account.plan, account) },
    };
  }

  /** Notes the last use without delaying the request; a failure here never fails a request. */
  private touch(id: string, now: number): void {
    const last = this.lastTouched.get(id);
    if (last !== undefined && now - last < TOUCH_GRANULARITY_MS) return;
    if (this.lastTouched.size > 10_000) this.lastTouched.clear();
    this.lastTouched.set(id, now);
    this.tokens.touch(id, now, TOUCH_GRANULARITY_MS).catch(() => this.lastTouched.delete(id));
  }

  static hasScope(principal: Principal, scope: Scope): boolean {
    return principal.token.scopes.includes(scope);
  }
}
