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
  /** The columns holding numbers (sent to PostgreSQL as `bigint`); the others hold text. */
  numbers?: readonly string[];
}

/**
 * Writes of many rows with one statement shape, inside a transaction the caller holds: the event
 * writer's inserts and upsert-increments. Each engine gets its fastest form: SQLite runs one
 * prepared statement per row in-process (its multi-row VALUES form is about twice as slow per row,
 * and building each statement through the query builder takes a large share of a batch), PostgreSQL
 * gets one statement per chunk of rows, each column sent as one array.
 */
export interface BulkWriter {
  /** Inserts rows, skipping those whose key exists; returns per row whether it was inserted. */
  insertNew(trx: Kysely<Schema>, spec: BulkTable, rows: readonly unknown[][]): Promise<boolean[]>;
  /** Inserts rows or adds their `increment` columns to the existing row with the same key. */
  addCounts(trx: Kysely<Schema>, spec: BulkTable, rows: readonly unknown[][]): Promise<void>;
}

const id = (name: string) => `"${name}"`;

/** `rows` is the statement's source of rows: a `values` list or a `select`. */
function statementOf(spec: BulkTable, rows: string, increment: boolean, returning: boolean): string {
  const head = `insert into ${id(spec.table)} (${spec.columns.map(id).join(', ')}) ${rows} on conflict (${spec.conflict.map(id).join(', ')})`;
  const action = increment
    ? `do update set ${(spec.increment ?? []).map((c) => `${id(c)} = ${id(spec.table)}.${id(c)} + excluded.${id(c)}`).join(', ')}`
    : 'do nothing';
  return `${head} ${action}${returning ? ` returning ${spec.conflict.map(id).join(', ')}` : ''}`;
}

/**
 * SQLite: the store's one connection, used directly. Kysely's SQLite driver runs one transaction at a
 * time on that connection and holds it until the transaction ends (other queries wait), so a call made
 * inside the caller's transaction callback is part of it.
 */
export function sqliteBulk(sqlite: BetterSqlite3.Database): BulkWriter {
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepared = (spec: BulkTable, increment: boolean) => {
    const key = `${spec.table}|${increment}`;
    let statement = statements.get(key);
    if (!statement) {
      const row = `(${spec.columns.map(() => '?').join(', ')})`;
      statement = sqlite.prepare(statementOf(spec, `values ${row}`, increment, false));
      statements.set(key, statement);
    }
    return statement;
  };
  return {
    async insertNew(_trx, spec, rows) {
      const statement = prepared(spec, false);
      return rows.map((row) => statement.run(row).changes > 0);
    },
    async addCounts(_trx, spec, rows) {
      const statement = prepared(spec, true);
      for (const row of rows) statement.run(row);
    },
  };
}

/** Rows per statement: a bound on the arrays one statement carries, not a limit of PostgreSQL's. */
const CHUNK_ROWS = 5_000;

/**
 * PostgreSQL's form: `insert … select * from unnest($1::text[], $2::bigint[], …)`, one array per
 * column. The statement's text is the same whatever the number of rows, so the server parses a few
 * parameters instead of one per value, and the client sends one array per column.
 */
function unnestStatement(spec: BulkTable, increment: boolean, returning: boolean): string {
  const arrays = spec.columns.map((c, i) => `$${i + 1}::${spec.numbers?.includes(c) ? 'bigint' : 'text'}[]`);
  return statementOf(spec, `select * from unnest(${arrays.join(', ')})`, increment, returning);
}

/** The rows' values, column by column. */
const columnsOf = (rows: readonly unknown[][], count: number): unknown[][] =>
  Array.from({ length: count }, (_, c) => rows.map((row) => row[c]));

/** PostgreSQL: one statement per chunk of rows, through the caller's transaction. */
export function postgresBulk(): BulkWriter {
  const run = async (
    trx: Kysely<Schema>,
    spec: BulkTable,
    rows: readonly unknown[][],
    increment: boolean,
    returning: boolean,
  ) => {
    const out: Record<string, unknown>[] = [];
    const text = unnestStatement(spec, increment, returning);
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
      const chunk = rows.slice(i, i + CHUNK_ROWS);
      const query = CompiledQuery.raw(text, columnsOf(chunk, spec.columns.length));
      const result = await trx.executeQuery<Record<string, unknown>>(query);
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
      // A key given twice was inserted once: its first row says so, as on SQLite.
      return rows.map((row) => inserted.delete(indexes.map((i) => String(row[i])).join('\0')));
    },
    async addCounts(trx, spec, rows) {
      await run(trx, spec, rows, true, false);
    },
  };
}
