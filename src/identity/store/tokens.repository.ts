import { fromColumns, toColumns } from '../../db/columns.js';
import { endCredentials } from '../../db/stamps.js';
import type { Kysely, Selectable } from 'kysely';
import type { ApiTokensTable, Schema } from '../../db/schema.js';
import type { Scope } from '../../platform/index.js';
import type { ApiToken } from '../tokens.types.js';

const toToken = (row: Selectable<ApiTokensTable>): ApiToken => ({
  ...fromColumns(row, 'id account_id user_id name created_at expires_at revoked_at last_used_at'),
  scopes: row.scopes.split(' ').filter(Boolean) as Scope[],
});

export interface TokenWithOwners {
  token: ApiToken;
  tokenHash: string;
  user: { id: string; role: string; status: string };
  account: {
    id: string;
    name: string;
    plan: string;
    status: string;
    monthlyAllowance: number | null;
    ratePerMinute: number | null;
  };
}

export class TokensRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(token: ApiToken, tokenHash: string): Promise<void> {
    await this.db
      .insertInto('api_tokens')
      .values({
        ...toColumns(token, 'id accountId userId name createdAt expiresAt revokedAt lastUsedAt'),
        token_hash: tokenHash,
        scopes: token.scopes.join(' '),
      })
      .execute();
  }

  /** The token with this hash together with its user and company, in one round trip. */
  async findByHash(tokenHash: string): Promise<TokenWithOwners | null> {
    const row = await this.db
      .selectFrom('api_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .innerJoin('accounts as a', 'a.id', 't.account_id')
      .selectAll('t')
      .select([
        'u.role as user_role',
        'u.status as user_status',
        'a.name as account_name',
        'a.plan as account_plan',
        'a.status as account_status',
        'a.monthly_allowance as account_monthly_allowance',
        'a.rate_per_minute as account_rate_per_minute',
      ])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return null;
    return {
      token: toToken(row),
      tokenHash: row.token_hash,
      user: { id: row.user_id, role: row.user_role, status: row.user_status },
      account: {
        id: row.account_id,
        name: row.account_name,
        plan: row.account_plan,
        status: row.account_status,
        monthlyAllowance: row.account_monthly_allowance,
        ratePerMinute: row.account_rate_per_minute,
      },
    };
  }

  /** A person's tokens, newest first, revoked ones included. */
  async listByUser(accountId: string, userId: string): Promise<ApiToken[]> {
    const rows = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toToken);
  }

  async findById(id: string): Promise<ApiToken | null> {
    const row = await this.db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toToken(row) : null;
  }

  async revoke(id: string, at: number): Promise<void> {
    await endCredentials(this.db, 'api_tokens', 'revoked_at', ['id', id], at);
  }

  /** Revokes every token of a user (suspension ends all of their access). */
  async revokeAllOfUser(userId: string, at: number, db: Kysely<Schema> = this.db): Promise<void> {
    await endCredentials(db, 'api_tokens', 'revoked_at', ['user_id', userId], at);
  }

  /** Records use, at most once per `granularityMs`, so a busy token does not write on every request. */
  async touch(id: string, at: number, granularityMs: number): Promise<void> {
    await this.db
      .updateTable('api_tokens')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at - granularityMs)]))
      .execute();
  }
}
