import type { Insertable, Kysely } from 'kysely';
import type { Schema } from './schema.js';

/**
 * Rows and records under each other's names: a column `account_id` is the field `accountId`.
 * Repositories list the columns that carry over as they are, one space-separated string, and write
 * only the fields that change on the way (a parsed JSON column, a cast to a union, a bigint to a number).
 */

type Words<S extends string> = S extends `${infer Head} ${infer Tail}` ? Head | Words<Tail> : S;
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

export type FromColumns<R, S extends string> = { [K in Words<S> & keyof R as CamelCase<K>]: R[K] };
export type ToColumns<T, S extends string> = { [K in Words<S> & keyof T as SnakeCase<K>]: T[K] };

const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function rename(source: object, names: string, to: (name: string) => string): Record<string, unknown> {
  const values = source as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of names.split(' ')) out[to(name)] = values[name];
  return out;
}

/** The named columns of a row as fields: `fromColumns(row, 'id account_id')` is `{ id, accountId }`. */
export const fromColumns = <R extends object, S extends string>(row: R, columns: S) =>
  rename(row, columns, camelCase) as FromColumns<R, S>;

/** The named fields of a record as columns: `toColumns(user, 'id accountId')` is `{ id, account_id }`. */
export const toColumns = <T extends object, S extends string>(record: T, fields: S) =>
  rename(record, fields, snakeCase) as ToColumns<T, S>;

/** Writes one row (in `db`, which may be a transaction). */
export async function insertRow<T extends keyof Schema & string>(db: Kysely<Schema>, table: T, row: Insertable<Schema[T]>) {
  await db
    .insertInto(table)
    .values(row as never)
    .execute();
}
