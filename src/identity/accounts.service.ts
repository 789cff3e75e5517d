import type { Transactor } from '../db/transaction.js';
import { isUniqueViolation } from '../db/dialect.js';
import type { Clock } from '../lib/clock.js';
import { InvalidRequest, NotFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { canonicalZone, isTimeZone } from '../lib/zones.js';
import {
  actsIn,
  assertCan,
  assertOperatorOrSystem,
  effectivePlan,
  isPlanName,
  PLAN_NAMES,
  type Actor,
  type InvalidationBus,
  type LimitsService,
  type Operator,
  type Person,
  type System,
} from '../platform/index.js';
import type { UsersRepository } from './store/users.repository.js';
import { normaliseEmail, type User } from './users.types.js';
import type { AccountsRepository } from './store/accounts.repository.js';
import { dnsRecordFor, normaliseDomain, type Account, type AccountSettings } from './accounts.types.js';

export interface CreateAccountInput {
  name: string;
  plan: string;
  ownerEmail?: string;
  domain?: string;
  monthlyAllowance?: number;
  ratePerMinute?: number;
  maxCodes?: number;
}

const MAX_NAME = 200;

function nonNegativeInteger(value: number | undefined, field: string, min = 0): number | null {
  if (value === undefined) return null;
  if (!Number.isSafeInteger(value) || value < min) throw new InvalidRequest(`${field} must be a whole number >= ${min}.`, field);
  return value;
}

export interface AccountsDeps {
  transactor: Transactor;
  accounts: AccountsRepository;
  users: UsersRepository;
  clock: Clock;
  bus?: InvalidationBus | null;
  /** What an account has spent of its monthly API allowance. */
  limits: Pick<LimitsService, 'quota'>;
  /** The service's public address: where a custom domain's DNS record points. */
  publicUrl: string;
}

/** Companies (accounts) and their owners. */
export class AccountsService {
  constructor(private readonly deps: AccountsDeps) {}

  /** The monthly allowance of every active account on a metered plan (as the system, for /metrics). */
  async meteredAllowances(actor: System): Promise<{ id: string; limit: number }[]> {
    assertOperatorOrSystem(actor);
    const rows = await this.deps.accounts.activePlans();
    return rows.flatMap((row) => {
      const plan = effectivePlan(row.plan, { monthlyAllowance: row.monthlyAllowance, ratePerMinute: null });
      return plan.metered && plan.monthlyAllowance > 0 ? [{ id: row.id, limit: plan.monthlyAllowance }] : [];
    });
  }

  /** Creates an account and its owner in one transaction: the operator (CLI) or the system (first-run set-up). */
  async create(actor: Operator | System, input: CreateAccountInput): Promise<{ account: Account; owner: User }> {
    assertOperatorOrSystem(actor);
    const name = input.name.trim();
    if (name.length === 0 || name.length > MAX_NAME)
      throw new InvalidRequest(`name must be 1 to ${MAX_NAME} characters.`, 'name');
    if (!isPlanName(input.plan)) throw new InvalidRequest(`plan must be one of ${PLAN_NAMES.join(', ')}.`, 'plan');
    const domain = input.domain === undefined ? null : normaliseDomain(input.domain);
    if (input.domain !== undefined && domain === null) throw new InvalidRequest('domain is not a valid host name.', 'domain');
    const email = normaliseEmail(input.ownerEmail ?? `owner@${domain ?? 'localhost.localdomain'}`);
    if (email === null) throw new InvalidRequest('owner e-mail is not a valid address.', 'ownerEmail');
    const now = this.deps.clock.now();
    const account: Account = {
      id: newId(),
      name,
      plan: input.plan,
      status: 'active',
      domain,
      monthlyAllowance: nonNegativeInteger(input.monthlyAllowance, 'monthlyAllowance'),
      ratePerMinute: nonNegativeInteger(input.ratePerMinute, 'ratePerMinute', 1),
      maxCodes: nonNegativeInteger(input.maxCodes, 'maxCodes'),
      requireTwoFactor: false,
      createdAt: now,
      timezone: 'UTC',
    };
    const owner: User = {
      id: newId(),
      accountId: account.id,
      email,
      name: null,
      role: 'owner',
      status: 'active',
      createdAt: now,
      lastSignInAt: null,
    };
    try {
      await this.deps.transactor.run(async (trx) => {
        await this.deps.accounts.insert(account, trx);
        await this.deps.users.insert(owner, trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new InvalidRequest(`domain ${domain} is already in use.`, 'domain');
      throw error;
    }
    // A new domain changes which hosts the service answers for: caches of hosts and domains start over.
    if (domain !== null) this.deps.bus?.publish(null);
    return { account, owner };
  }

  /**
   * Sets the time zone the account's analytics days are in (an IANA name, kept in its canonical
   * spelling): an owner or an admin of the account.
   */
  async setTimezone(actor: Person, timezone: string): Promise<string> {
    assertCan(actor, 'team:manage', "Only an owner or an admin can change the account's time zone.");
    if (!isTimeZone(timezone))
      throw new InvalidRequest('timezone must be an IANA time zone, such as Europe/Berlin or UTC.', 'timezone');
    const zone = canonicalZone(timezone);
    await this.deps.accounts.setTimezone(actor.accountId, zone);
    return zone;
  }

  /** An account: a person reads only their own (any other is not found), the operator and the system any. */
  async get(actor: Actor, id: string): Promise<Account> {
    const account = await this.deps.accounts.findById(id);
    if (!account || !actsIn(actor, account.id)) throw new NotFound('account');
    return account;
  }

  /**
   * The account's plan, this month's use of its API allowance and its custom domain with the record
   * to set there. Every person of the account may read them, whatever their role; the operator
   * changes them (CLI), nobody through the dashboard.
   */
  async settings(actor: Actor, accountId: string): Promise<AccountSettings> {
    const account = await this.get(actor, accountId);
    const plan = effectivePlan(account.plan, account);
    const quota = await this.deps.limits.quota(account.id, plan.monthlyAllowance);
    return {
      plan,
      allowance: { limit: quota.limit, used: quota.limit - quota.remaining, resetsAt: quota.resetsAt },
      domain: account.domain ? { host: account.domain, record: dnsRecordFor(account.domain, this.deps) } : null,
      timezone: account.timezone,
    };
  }

  /**
   * Suspends a company: every token of it stops working at once, and its codes and links stop
   * redirecting (every instance's resolver cache is told to drop what it holds).
   */
  async suspend(actor: Operator, id: string): Promise<Account> {
    assertOperatorOrSystem(actor);
    if (!(await this.deps.accounts.setStatus(id, 'suspended'))) throw new NotFound('account');
    this.deps.bus?.publish(null);
    return this.get(actor, id);
  }
}
