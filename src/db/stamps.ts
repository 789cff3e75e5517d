import type { Kysely } from 'kysely';
import type { Schema } from './schema.js';

/** The credentials a person holds and the column that ends each one: revoked, or used up. */
interface Endings {
  sessions: 'revoked_at';
  api_tokens: 'revoked_at';
  password_tokens: 'used_at';
}

/**
 * Ends a credential for good: stamps `column` with `at` on the rows whose `key` is `value` and that
 * are not ended yet, so a credential ended once keeps its first time. `key` is `id` for one of them,
 * `user_id` for all of a person's (suspension, a password change).
 */
export async function endCredentials<T extends keyof Endings>(
  db: Kysely<Schema>,
  table: T,
  column: Endings[T],
  [key, value]: ['id' | 'user_id', string],
  at: number,
): Promise<void> {
  type Loose = Record<string, Record<string, string | number | null>>;
  await (db as unknown as Kysely<Loose>)
    .updateTable(table as string)
    .set({ [column]: at })
    .where(key, '=', value)
    .where(column, 'is', null)
    .execute();
}
