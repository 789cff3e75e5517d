import { fromColumns, insertRow, toColumns } from '../../db/columns.js';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Schema, UsersTable } from '../../db/schema.js';
import type { Role, User, UserStatus } from '../users.types.js';

const toUser = (row: Selectable<UsersTable>): User => ({
  ...fromColumns(row, 'id account_id email name created_at last_sign_in_at'),
  role: row.role as Role,
  status: row.status as UserStatus,
});

export class UsersRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(user: User, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'users', {
      ...toColumns(user, 'id accountId email name role status createdAt lastSignInAt'),
      password_hash: null,
    });
  }

  /** The account's people, to narrow down. */
  private inAccount(accountId: string) {
    return this.db.selectFrom('users').selectAll().where('account_id', '=', accountId);
  }

  async findInAccount(accountId: string, id: string): Promise<User | null> {
    const row = await this.inAccount(accountId).where('id', '=', id).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  /** The account's active people among `ids` (suspended ones and strangers left out). */
  async activeAmong(accountId: string, ids: readonly string[], db: Kysely<Schema> = this.db): Promise<User[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('users')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('status', '=', 'active')
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
    return rows.map(toUser);
  }

  /** A person with the stored password hash (null when no password is set yet). */
  async findByEmail(accountId: string, email: string): Promise<{ user: User; passwordHash: string | null } | null> {
    const row = await this.inAccount(accountId).where('email', '=', email).executeTakeFirst();
    return row ? { user: toUser(row), passwordHash: row.password_hash } : null;
  }

  /** Every person with this address, in any account, with their password hashes (oldest account first). */
  async findByEmailAnywhere(email: string): Promise<{ user: User; passwordHash: string | null }[]> {
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ user: toUser(row), passwordHash: row.password_hash }));
  }

  /** A page of the account's people, oldest first (the owner leads), ties broken by id. */
  async list(accountId: string, page: { limit: number; offset: number }): Promise<User[]> {
    const rows = await this.inAccount(accountId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map(toUser);
  }

  async update(
    id: string,
    changes: Partial<Pick<User, 'name' | 'role' | 'status'>>,
    db: Kysely<Schema> = this.db,
  ): Promise<void> {
    const values: Updateable<UsersTable> = {};
    if (changes.name !== undefined) values.name = changes.name;
    if (changes.role !== undefined) values.role = changes.role;
    if (changes.status !== undefined) values.status = changes.status;
    if (Object.keys(values).length > 0) await db.updateTable('users').set(values).where('id', '=', id).execute();
  }

  async setPasswordHash(id: string, hash: string, db: Kysely<Schema> = this.db): Promise<void> {
    await db.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
  }

  /** Changes a person's address; the caller has checked it is free in the account (a unique index guards too). */
  async setEmail(id: string, email: string, db: Kysely<Schema> = this.db): Promise<void> {
    await db.updateTable('users').set({ email }).where('id', '=', id).execute();
  }

  /** The stored password hash of a person (null when none is set yet). */
  async passwordHashOf(id: string): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
    return row?.password_hash ?? null;
  }

  async setLastSignIn(id: string, at: number, db: Kysely<Schema> = this.db): Promise<void> {
    await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
  }

  async findOwner(accountId: string): Promise<User | null> {
    const row = await this.inAccount(accountId).where('role', '=', 'owner').orderBy('created_at').executeTakeFirst();
    return row ? toUser(row) : null;
  }
}
