import type { Kysely, Selectable } from 'kysely';
import type { Schema, UsersTable } from '../../db/schema.js';
import type { Role, User, UserStatus } from './users.types.js';

const toUser = (row: Selectable<UsersTable>): User => ({
  id: row.id,
  accountId: row.account_id,
  email: row.email,
  name: row.name,
  role: row.role as Role,
  status: row.status as UserStatus,
  createdAt: row.created_at,
  lastSignInAt: row.last_sign_in_at,
});

export class UsersRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(user: User, db: Kysely<Schema> = this.db): Promise<void> {
    await db
      .insertInto('users')
      .values({
        id: user.id,
        account_id: user.accountId,
        email: user.email,
        name: user.name,
        role: user.role,
        status: user.status,
        password_hash: null,
        created_at: user.createdAt,
        last_sign_in_at: user.lastSignInAt,
      })
      .execute();
  }

  async findInAccount(accountId: string, id: string): Promise<User | null> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async findOwner(accountId: string): Promise<User | null> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('role', '=', 'owner')
      .orderBy('created_at')
      .executeTakeFirst();
    return row ? toUser(row) : null;
  }
}
