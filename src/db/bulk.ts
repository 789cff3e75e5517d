import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Schema } from './schema.js';

/** The shape of a batch statement: one row per entry, keyed by `conflict`. */
export interface BulkTable {
  table: string;
  columns: readonly string[];
  /** The unique key a row may collide with. */
  conflict: readonly string[];
  /** For `addCounts`: the columns added to an existing row's. */
  increment?: readonly string[];
}

/**
 * Writes of many rows with one statement shape, inside a transaction the caller holds: the event
 * writer's inserts and upsert-increments. Each engine gets its fastest form: SQLite runs one
 * prepared statement per row in-process (its multi-row VALUES form is about twice as slow per row,
 * and building each statement through the query builder takes a large share of a batch), PostgreSQL
 * gets multi-row statements, one round trip per chunk.
 */
export interface BulkWriter {
  /** Inserts rows, skipping those whose key exists; returns per row whether it was inserted. */
  insertNew(trx: Kysely<Schema>, spec: BulkTable, rows: readonly unknown[][]): Promise<boolean[]>;
  /** Inserts rows or adds their `increment` columns to the existing row with the same key. */
  addCounts(trx: Kysely<Schema>, spec: BulkTable, rows: readonly unknown[][]): Promise<void>;
}

const id = (name: string) => `"${name}"`;

function statementOf(spec: BulkTable, values: string, increment: boolean, returning: boolean): string {
  const head = `insert into ${id(spec.table)} (${spec.columns.map(id).join(', ')}) values ${values} on conflict (${spec.conflict.map(id).join(', ')})`;
  const action = increment
    ? `do update set ${(spec.increment ?? []).map((c) => `${id(c)} = ${id(spec.table)}.${id(c)} + excluded.${id(c)}`).join(', ')}`
    : 'do nothing';
  return `${head} ${action}${returning ? ` returning ${spec.conflict.map(id).join(', ')}` : ''}`;
}

/**
 * Rows written between two turns of the event loop: a large batch never holds the loop for long, so
 * requests that need no store (a cached redirect) are answered while it is written.
 */
const YIELD_EVERY = 1_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * SQLite: the store's one connection, used directly. Kysely's SQLite driver runs one transaction at a
 * time on that connection and holds it until the transaction ends (other queries wait), so a call made
 * inside the caller's transaction callback is part of it, even across the turns it yields.
 */
export function sqliteBulk(sqlite: BetterSqlite3.Database): BulkWriter {
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepared = (spec: BulkTable, increment: boolean) => {
    const key = `${spec.table}|${increment}`;
    let statement = statements.get(key);
    if (!statement) {
      const row = `(${spec.columns.map(() => '?').join(', ')})`;
      statement = sqlite.prepare(statementOf(spec, row, increment, false));
      statements.set(key, statement);
    }
    return statement;
  };
  return {
    async insertNew(_trx, spec, rows) {
      const statement = prepared(spec, false);
      const inserted: boolean[] = [];
      for (let i = 0; i < rows.length; i += 1) {
        inserted.push(statement.run(rows[i]!).changes > 0);
        if (i % YIELD_EVERY === YIELD_EVERY - 1) await nextTurn();
      }
      return inserted;
    },
    async addCounts(_trx, spec, rows) {
      const statement = prepared(spec, true);
      for (let i = 0; i < rows.length; i += 1) {
        statement.run(rows[i]!);
        if (i % YIELD_EVERY === YIELD_EVERY - 1) await nextTurn();
      }
    },
  };
}

/** Rows per statement: PostgreSQL binds at most 65,535 parameters. */
const chunkRows = (columns: number) => Math.max(1, Math.min(1000, Math.floor(60_000 / columns)));

function valuesOf(rows: readonly unknown[][], columns: number): string {
  const tuples: string[] = [];
  for (let r = 0; r < rows.length; r += 1) {
    const params: string[] = [];
    for (let c = 0; c < columns; c += 1) params.push(`$${r * columns + c + 1}`);
    tuples.push(`(${params.join(', ')})`);
  }
  return tuples.join(', ');
}

/** PostgreSQL: multi-row statements through the caller's transaction. */
export function postgresBulk(): BulkWriter {
  const run = async (
    trx: Kysely<Schema>,
    spec: BulkTable,
    rows: readonly unknown[][],
    increment: boolean,
    returning: boolean,
  ) => {
    const out: Record<string, unknown>[] = [];
    const size = chunkRows(spec.columns.length);
    for (let i = 0; i < rows.length; i += size) {
      const chunk = rows.slice(i, i + size);
      const text = statementOf(spec, valuesOf(chunk, spec.columns.length), increment, returning);
      const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, chunk.flat()));
      out.push(...result.rows);
    }
    return out;
  };
  const keyIndexes = (spec: BulkTable) => spec.conflict.map((c) => spec.columns.indexOf(c));
  return {
    async insertNew(trx, spec, rows) {
      const inserted = new Set(
        (await run(trx, spec, rows, false, true)).map((r) => spec.conflict.map((c) => String(r[c])).join('\0')),
      );
      const indexes = keyIndexes(spec);
      return rows.map((row) => inserted.has(indexes.map((i) => String(row[i])).join('\0')));
    },
    async addCounts(trx, spec, rows) {
      await run(trx, spec, rows, true, false);
    },
  };
}
