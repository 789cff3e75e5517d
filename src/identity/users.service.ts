import type { Transactor } from '../db/transaction.js';
import { isUniqueViolation } from '../db/dialect.js';
import type { Clock } from '../lib/clock.js';
import { Forbidden, InvalidRequest, NotFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { foundById } from '../lib/found.js';
import type { AccountsRepository } from './store/accounts.repository.js';
import type { PasswordTokensRepository } from './store/password-tokens.repository.js';
import type { PasswordsService } from './passwords.service.js';
import type { SessionsRepository } from './store/sessions.repository.js';
import { actsIn, assertCan, assertMayManage, type Actor, type MailService, type Person } from '../platform/index.js';
import type { RecentPrincipals } from './recent-principals.js';
import type { TokensRepository } from './store/tokens.repository.js';
import type { UsersRepository } from './store/users.repository.js';
import { normaliseEmail, ROLES, USER_STATUSES, type Role, type User, type UserStatus } from './users.types.js';

export interface CreateUserInput {
  accountId: string;
  email: string;
  name?: string | null;
  role: string;
}

export interface UpdateUserInput {
  name?: string | null;
  role?: string;
  status?: string;
}

const ASSIGNABLE: readonly Role[] = ['member', 'editor', 'admin'];
const MAX_NAME = 200;

/** An assignable role; "owner" in any form is refused with 403, anything unknown with 400. */
function assignableRole(value: string): Role {
  if (value.trim().toLowerCase() === 'owner') throw new Forbidden('Nobody can be made an owner.');
  if (!(ASSIGNABLE as readonly string[]).includes(value))
    throw new InvalidRequest(`role must be one of ${ASSIGNABLE.join(', ')}.`, 'role');
  return value as Role;
}

function displayName(value: string | null | undefined): string | null {
  const name = value?.trim() || null;
  if (name !== null && name.length > MAX_NAME) throw new InvalidRequest(`name must be at most ${MAX_NAME} characters.`, 'name');
  return name;
}

export interface UsersDeps {
  transactor: Transactor;
  users: UsersRepository;
  accounts: AccountsRepository;
  tokens: TokensRepository;
  sessions: SessionsRepository;
  passwordTokens: PasswordTokensRepository;
  passwords: PasswordsService;
  mail: MailService;
  clock: Clock;
  /** Told when a person's role or status changes, so their tokens are read afresh. */
  recentPrincipals: RecentPrincipals;
}

/** Team members. Nobody is ever made an owner here: owners come only with their account. */
export class UsersService {
  constructor(private readonly deps: UsersDeps) {}

  /**
   * Adds a person to the named account and mails them an invitation to choose a password, all or
   * nothing. A person invites into their own account only, as the team policy allows; the operator into any.
   */
  async create(actor: Actor, input: CreateUserInput): Promise<User> {
    return (await this.invite(actor, input)).user;
  }

  /**
   * `create`, also answering the invitation's link when this server sends no mail, shown once to the
   * person who invited (null when it was mailed).
   */
  async invite(actor: Actor, input: CreateUserInput): Promise<{ user: User; invitationUrl: string | null }> {
    assertCan(actor, 'team:manage', 'Only an owner or an admin can manage the team.');
    const role = assignableRole(input.role);
    const email = normaliseEmail(input.email);
    if (email === null) throw new InvalidRequest('email is not a valid address.', 'email');
    const name = displayName(input.name);
    const account = await this.deps.accounts.findById(input.accountId);
    if (!account || !actsIn(actor, account.id)) throw new NotFound('account');
    const user: User = {
      id: newId(),
      accountId: account.id,
      email,
      name,
      role,
      status: 'active',
      createdAt: this.deps.clock.now(),
      lastSignInAt: null,
    };
    let invitationUrl: string | null = null;
    try {
      await this.deps.transactor.run(async (trx) => {
        await this.deps.users.insert(user, trx);
        invitationUrl = await this.deps.passwords.invite(user, account.name, trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new InvalidRequest(`${email} is already a member of this account.`, 'email');
      throw error;
    }
    this.deps.mail.kick();
    return { user, invitationUrl };
  }

  async list(actor: Person, page: { limit: number; offset: number }): Promise<User[]> {
    assertCan(actor, 'team:read');
    return this.deps.users.list(actor.accountId, page);
  }

  async get(actor: Person, id: string): Promise<User> {
    assertCan(actor, 'team:read');
    return this.find(actor.accountId, id);
  }

  /**
   * Changes a person's name, role or status. Suspending ends every session, API token and
   * outstanding password link of theirs in the same transaction; reactivating restores none of them.
   */
  async update(actor: Person, id: string, input: UpdateUserInput): Promise<User> {
    assertCan(actor, 'team:manage', 'Only an owner or an admin can manage the team.');
    const role = input.role === undefined ? undefined : assignableRole(input.role);
    if (input.status !== undefined && !(USER_STATUSES as readonly string[]).includes(input.status)) {
      throw new InvalidRequest(`status must be one of ${USER_STATUSES.join(', ')}.`, 'status');
    }
    const status = input.status as UserStatus | undefined;
    const name = input.name === undefined ? undefined : displayName(input.name);
    if (role === undefined && status === undefined && name === undefined) {
      throw new InvalidRequest('Send at least one of name, role, status.');
    }
    const target = await this.find(actor.accountId, id);
    assertMayManage(actor, target, { role, status });
    const suspending = status === 'suspended' && target.status !== 'suspended';
    const now = this.deps.clock.now();
    await this.deps.transactor.run(async (trx) => {
      await this.deps.users.update(target.id, { name, role, status }, trx);
      if (suspending) {
        await this.deps.sessions.revokeAllOfUser(target.id, now, trx);
        await this.deps.tokens.revokeAllOfUser(target.id, now, trx);
        await this.deps.passwordTokens.voidAllOfUser(target.id, now, trx);
      }
    });
    if (role !== undefined || status !== undefined) this.deps.recentPrincipals.forget();
    return this.find(actor.accountId, id);
  }

  /** Removing a person suspends them: the record and all they made keep their ids. */
  suspend(actor: Person, id: string): Promise<User> {
    return this.update(actor, id, { status: 'suspended' });
  }

  private async find(accountId: string, id: string): Promise<User> {
    return foundById('user', id, (id) => this.deps.users.findInAccount(accountId, id));
  }
}

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
