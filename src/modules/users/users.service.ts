import type { Clock } from '../../lib/clock.js';
import { Forbidden, InvalidRequest, NotFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { newId } from '../../lib/ids.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { UsersRepository } from './users.repository.js';
import { normaliseEmail, ROLES, type Role, type User } from './users.types.js';

export interface CreateUserInput {
  accountId: string;
  email: string;
  name?: string | null;
  role: string;
}

const ASSIGNABLE: readonly Role[] = ['member', 'editor', 'admin'];

/** Team members. Nobody is ever made an owner here: owners come only with their account. */
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly clock: Clock,
  ) {}

  async create(input: CreateUserInput): Promise<User> {
    if (input.role === 'owner') throw new Forbidden('Nobody can be made an owner.');
    if (!(ASSIGNABLE as readonly string[]).includes(input.role)) {
      throw new InvalidRequest(`role must be one of ${ASSIGNABLE.join(', ')}.`, 'role');
    }
    const email = normaliseEmail(input.email);
    if (email === null) throw new InvalidRequest('email is not a valid address.', 'email');
    const name = input.name?.trim() || null;
    if (name !== null && name.length > 200) throw new InvalidRequest('name must be at most 200 characters.', 'name');
    if (!(await this.accounts.findById(input.accountId))) throw new NotFound('account');
    const user: User = {
      id: newId(),
      accountId: input.accountId,
      email,
      name,
      role: input.role as Role,
      status: 'active',
      createdAt: this.clock.now(),
      lastSignInAt: null,
    };
    try {
      await this.users.insert(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw new InvalidRequest(`${email} is already a member of this account.`, 'email');
      throw error;
    }
    return user;
  }
}

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
