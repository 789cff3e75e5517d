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
  /** For `replace`: the columns that take the new row's values. */
  replace?: readonly string[];
  /** The columns holding numbers (sent to PostgreSQL as `bigint`) and bytes (`bytea`); the others hold text. */
  numbers?: readonly string[];
  blobs?: readonly string[];
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
  /** Inserts rows or sets the `replace` columns of the existing row with the same key. */
  replace(trx: Kysely<Schema>, spec: BulkTable, rows: readonly unknown[][]): Promise<void>;
  /** Inserts rows (`conflict` is empty: the table has no key they could collide on). */
  insert(trx: Kysely<Schema>, spec: BulkTable, rows: readonly unknown[][]): Promise<void>;
}

type Mode = 'new' | 'increment' | 'replace' | 'insert';

const id = (name: string) => `"${name}"`;

/** `rows` is the statement's source of rows: a `values` list or a `select`. */
function statementOf(spec: BulkTable, rows: string, mode: Mode, returning: boolean): string {
  const head = `insert into ${id(spec.table)} (${spec.columns.map(id).join(', ')}) ${rows}`;
  if (mode === 'insert') return head;
  const action =
    mode === 'increment'
      ? `do update set ${(spec.increment ?? []).map((c) => `${id(c)} = ${id(spec.table)}.${id(c)} + excluded.${id(c)}`).join(', ')}`
      : mode === 'replace'
        ? `do update set ${(spec.replace ?? []).map((c) => `${id(c)} = excluded.${id(c)}`).join(', ')}`
        : 'do nothing';
  const conflict = `on conflict (${spec.conflict.map(id).join(', ')})`;
  return `${head} ${conflict} ${action}${returning ? ` returning ${spec.conflict.map(id).join(', ')}` : ''}`;
}

/** A key's column value as text, for matching the rows PostgreSQL returns (bytes as hex). */
const keyText = (value: unknown): string => (value instanceof Uint8Array ? Buffer.from(value).toString('hex') : String(value));

/**
 * SQLite: the store's one connection, used directly. Kysely's SQLite driver runs one transaction at a
 * time on that connection and holds it until the transaction ends (other queries wait), so a call made
 * inside the caller's transaction callback is part of it.
 */
export function sqliteBulk(sqlite: BetterSqlite3.Database): BulkWriter {
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepared = (spec: BulkTable, mode: Mode) => {
    const key = `${spec.table}|${mode}`;
    let statement = statements.get(key);
    if (!statement) {
      const row = `(${spec.columns.map(() => '?').join(', ')})`;
      statement = sqlite.prepare(statementOf(spec, `values ${row}`, mode, false));
      statements.set(key, statement);
    }
    return statement;
  };
  const runAll = (spec: BulkTable, mode: Mode, rows: readonly unknown[][]) => {
    const statement = prepared(spec, mode);
    for (const row of rows) statement.run(row);
  };
  return {
    async insertNew(_trx, spec, rows) {
      const statement = prepared(spec, 'new');
      return rows.map((row) => statement.run(row).changes > 0);
    },
    async addCounts(_trx, spec, rows) {
      runAll(spec, 'increment', rows);
    },
    async replace(_trx, spec, rows) {
      runAll(spec, 'replace', rows);
    },
    async insert(_trx, spec, rows) {
      runAll(spec, 'insert', rows);
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
function unnestStatement(spec: BulkTable, mode: Mode, returning: boolean): string {
  const typeOf = (c: string) => (spec.numbers?.includes(c) ? 'bigint' : spec.blobs?.includes(c) ? 'bytea' : 'text');
  const arrays = spec.columns.map((c, i) => `$${i + 1}::${typeOf(c)}[]`);
  return statementOf(spec, `select * from unnest(${arrays.join(', ')})`, mode, returning);
}

/** The rows' values, column by column. */
const columnsOf = (rows: readonly unknown[][], count: number): unknown[][] =>
  Array.from({ length: count }, (_, c) => rows.map((row) => row[c]));

/** PostgreSQL: one statement per chunk of rows, through the caller's transaction. */
export function postgresBulk(): BulkWriter {
  const run = async (trx: Kysely<Schema>, spec: BulkTable, rows: readonly unknown[][], mode: Mode, returning: boolean) => {
    const out: Record<string, unknown>[] = [];
    const text = unnestStatement(spec, mode, returning);
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
        (await run(trx, spec, rows, 'new', true)).map((r) => spec.conflict.map((c) => keyText(r[c])).join('\0')),
      );
      const indexes = keyIndexes(spec);
      // A key given twice was inserted once: its first row says so, as on SQLite.
      return rows.map((row) => inserted.delete(indexes.map((i) => keyText(row[i])).join('\0')));
    },
    async addCounts(trx, spec, rows) {
      await run(trx, spec, rows, 'increment', false);
    },
    async replace(trx, spec, rows) {
      await run(trx, spec, rows, 'replace', false);
    },
    async insert(trx, spec, rows) {
      await run(trx, spec, rows, 'insert', false);
    },
  };
}
