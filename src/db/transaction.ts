import type { Kysely } from 'kysely';
import type { Schema } from './schema.js';

declare const TX: unique symbol;

/**
 * A running transaction as services hold it: a handle they pass on to repository methods, so that
 * several writes commit or fail together. Services never query through it (lint forbids importing
 * the query builder in a service); only repositories do.
 */
export type Tx = Kysely<Schema> & { readonly [TX]: true };

/** Runs work in one transaction: committed when `fn` resolves, rolled back when it throws. */
export interface Transactor {
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export const transactor = (db: Kysely<Schema>): Transactor => ({
  run: (fn) => db.transaction().execute((trx) => fn(trx as unknown as Tx)),
});
