import { fromColumns, insertRow, toColumns } from '../../db/columns.js';
import type { Kysely, Selectable } from 'kysely';
import { lockRow } from '../../db/dialect.js';
import type { AccountsTable, Schema } from '../../db/schema.js';
import type { PlanName } from '../../platform/index.js';
import type { Account, AccountStatus } from '../accounts.types.js';

const toAccount = (row: Selectable<AccountsTable>): Account => ({
  ...fromColumns(row, 'id name domain monthly_allowance rate_per_minute max_codes created_at'),
  plan: row.plan as PlanName,
  status: row.status as AccountStatus,
  requireTwoFactor: Number(row.require_two_factor) === 1,
});

export class AccountsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(account: Account, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'accounts', {
      ...toColumns(account, 'id name plan status domain monthlyAllowance ratePerMinute maxCodes createdAt'),
    });
  }

  /** Whether the store holds any account at all (first run when not). */
  async any(): Promise<boolean> {
    return (await this.db.selectFrom('accounts').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** Holds the account's row (PostgreSQL) until the transaction ends: writes under a cap queue behind it. */
  async lock(id: string, trx: Kysely<Schema>): Promise<void> {
    await lockRow(trx, 'accounts', id);
  }

  async findById(id: string): Promise<Account | null> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async findByDomain(domain: string): Promise<Account | null> {
    const row = await this.db.selectFrom('accounts').selectAll().where('domain', '=', domain).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  /** Every custom domain of every account. */
  async domains(): Promise<string[]> {
    const rows = await this.db.selectFrom('accounts').select('domain').where('domain', 'is not', null).execute();
    return rows.map((row) => row.domain!);
  }

  /** Every active account's plan and allowance override (the allowance figures of /metrics). */
  async activePlans(): Promise<{ id: string; plan: string; monthlyAllowance: number | null }[]> {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'plan', 'monthly_allowance as monthlyAllowance'])
      .where('status', '=', 'active')
      .execute();
  }

  async domainTaken(domain: string): Promise<boolean> {
    return (await this.db.selectFrom('accounts').select('id').where('domain', '=', domain).executeTakeFirst()) !== undefined;
  }

  async setRequireTwoFactor(id: string, required: boolean): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ require_two_factor: required ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  }

  async setStatus(id: string, status: AccountStatus): Promise<boolean> {
    const result = await this.db.updateTable('accounts').set({ status }).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
