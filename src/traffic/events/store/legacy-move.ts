import { sql, type Kysely, type RawBuilder } from 'kysely';
import { chunks, dialectOf } from '../../../db/dialect.js';
import { LEGACY_TABLES } from '../../../db/migrations/0018_compact_events.js';
import type { Schema } from '../../../db/schema.js';
import { EVENT_DIMENSIONS, TYPE_CODES, TYPE_OF_CODE, monthOf, type EventDimension, type EventType } from '../events.types.js';
import { encodeCounts, type Counts } from './counts.js';

/**
 * The move of a store's text-keyed events (the `legacy_*` tables migration 0018 left) into the compact
 * tables, in place and after the migrations. Every chunk is one transaction that inserts the new rows
 * and deletes the legacy rows they came from, so a run that stops (a crash, a deploy, a failure) leaves
 * each row in exactly one of the two stores and the next run goes on with what is left. A legacy table
 * is dropped by the transaction that empties it. On PostgreSQL each chunk first takes an advisory lock,
 * so instances starting together take turns rather than move the same rows twice.
 *
 * The order matters: events first (their `seq` follows the legacy ids, which follow time), then the
 * rollups, whose per-type counts are read from the moved events, then lifetime totals, excluded hits
 * and the visitor hashes, whose targets then all have their integers.
 */

/** The 0017 events table, as the move reads it. */
export interface LegacyEventsTable {
  id: string;
  account_id: string;
  type: string;
  target_id: string;
  code_id: string | null;
  link_id: string | null;
  occurred_at: number;
  placement: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  os: string | null;
  device: string | null;
  browser: string | null;
}

interface LegacyBreakdownRow {
  target_id: string;
  dimension: string;
  value: string;
  account_id: string;
  events: number;
}

/** The tables as migration 0018 renamed them (0004, 0008, 0010, 0016 made them). */
interface LegacySchema {
  legacy_events: LegacyEventsTable;
  legacy_event_rollups: { target_id: string; day: number; account_id: string; events: number; uniques: number };
  legacy_event_breakdowns: LegacyBreakdownRow & { day: number };
  legacy_event_breakdowns_monthly: LegacyBreakdownRow & { month: number };
  legacy_event_totals: { target_id: string; account_id: string; total: number };
  legacy_excluded_hits: { account_id: string; day: number; target_id: string; hits: number };
  legacy_daily_visitors: { day: number; target_id: string; visitor: string };
}

type Db = Kysely<Schema & LegacySchema>;
type LegacyTable = keyof LegacySchema;

export interface MoveProgress {
  /** The legacy table being moved, without its `legacy_` prefix: `events`, `event_rollups`, … */
  table: string;
  /** Its rows moved so far by this run. */
  moved: number;
  /** Its rows when this run came to it. */
  total: number;
}

export interface MoveOptions {
  /** Called after every committed chunk; a throw stops the move there (what is committed stays moved). */
  log?: (progress: MoveProgress) => void;
  /**
   * Legacy rows per chunk: events, totals, excluded hits, visitor hashes; the rollups move the targets
   * of about as many daily rollups per chunk, with their breakdowns. Default 10,000.
   */
  chunk?: number;
}

/** The key of the advisory lock every chunk takes on PostgreSQL: any fixed number no other lock uses. */
const MOVE_LOCK = sql.lit(BigInt('1870187018701870187'));

const LEGACY_NAMES = LEGACY_TABLES.map((t) => `legacy_${t}` as LegacyTable);

/** The type of a target's events by what the target is, for rollups whose raw events are gone. */
const CONTENT_VIEW: Record<string, EventType> = { form: 'form_view', page: 'page_view', card: 'card_view' };

/**
 * Moves every legacy row into the compact tables and drops the legacy tables; returns the legacy events
 * moved. Returns at once when no legacy table is left (every start after the move).
 */
export async function moveLegacyEvents(db: Kysely<Schema>, options: MoveOptions = {}): Promise<{ moved: number }> {
  const store = db as unknown as Db;
  if ((await legacyTables(store)).size === 0) return { moved: 0 };
  const chunk = Math.max(1, Math.floor(options.chunk ?? 10_000));
  const report = options.log ?? (() => undefined);
  const mover = new Mover(store, chunk, report);
  const moved = await mover.events();
  await mover.rollups();
  await mover.totals();
  await mover.excluded();
  await mover.visitors();
  return { moved };
}

/** The legacy tables that exist, in the store's schema. */
async function legacyTables(db: Db): Promise<Set<LegacyTable>> {
  const names = sql.join(LEGACY_NAMES.map((n) => sql.lit(n)));
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<{ name: LegacyTable }>`select relname as name from pg_class where relname in (${names})
          and relkind in ('r', 'p') and relnamespace = current_schema()::regnamespace`.execute(db)
      : await sql<{ name: LegacyTable }>`select name from sqlite_master where type = 'table' and name in (${names})`.execute(db);
  return new Set(rows.map((r) => r.name));
}

/** Makes the account and target integers of the (account_id, target_id) pairs `pairs` selects. */
async function makeKeys(trx: Db, pairs: RawBuilder<unknown>): Promise<void> {
  // `where true`: SQLite reads an upsert after a bare subquery's select as a join otherwise.
  await sql`insert into event_accounts (key)
    select distinct account_id from (${pairs}) s where true
    on conflict (key) do nothing`.execute(trx);
  await sql`insert into event_targets (account, key)
    select distinct a.id, s.target_id from (${pairs}) s cross join event_accounts a
     where a.key = s.account_id
    on conflict (key) do nothing`.execute(trx);
}

async function count(db: Db, table: LegacyTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A keyset range: the rows after `after` (all when null) up to and including `upto` (all the rest when null). */
interface Range<K> {
  after: K | null;
  upto: K | null;
}

/** What a chunk did: the driving table's rows it moved, and whether that table is now gone. */
interface ChunkResult<K> {
  moved: number;
  upto: K | null;
  done: boolean;
}

class Mover {
  private readonly postgres: boolean;

  constructor(
    private readonly db: Db,
    private readonly chunk: number,
    private readonly report: (progress: MoveProgress) => void,
  ) {
    this.postgres = dialectOf(db) === 'postgres';
  }

  /**
   * Runs chunks over `table` until a chunk finds it gone or empties it (and drops it): each chunk in a
   * transaction of its own, under the lock on PostgreSQL, given the range after the last one this run
   * committed. Rows below that are moved already (nothing adds legacy rows), whoever moved them.
   * `settled` hears whether each chunk's transaction committed.
   */
  private async loop<K>(
    table: LegacyTable,
    step: (trx: Db, tables: Set<LegacyTable>, after: K | null) => Promise<ChunkResult<K>>,
    settled: (committed: boolean) => void = () => undefined,
  ): Promise<number> {
    // Counted under the lock too: another instance may drop the table meanwhile.
    const total = await this.locked(async (trx, tables) => (tables.has(table) ? count(trx, table) : null));
    if (total === null) return 0;
    let after: K | null = null;
    let moved = 0;
    for (;;) {
      const result = await this.locked(async (trx, tables) =>
        tables.has(table) ? step(trx, tables, after) : { moved: 0, upto: null, done: true },
      ).catch((error: unknown) => {
        settled(false);
        throw error;
      });
      settled(true);
      moved += result.moved;
      after = result.upto;
      // Every chunk that moved rows, and the end of a table that had none.
      if (result.moved > 0 || (result.done && moved === 0)) this.report({ table: table.slice('legacy_'.length), moved, total });
      if (result.done) return moved;
    }
  }

  /** Runs `fn` in a transaction of its own that first takes the move's lock (PostgreSQL), given the legacy tables left. */
  private locked<T>(fn: (trx: Db, tables: Set<LegacyTable>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      if (this.postgres) {
        await sql`select pg_advisory_xact_lock(${MOVE_LOCK})`.execute(trx);
        // A chunk's statements are estimated dear enough for JIT compilation, which costs more than they do.
        await sql`set local jit = off`.execute(trx);
      }
      return fn(trx, await legacyTables(trx));
    });
  }

  /** The key of the `chunk`-th row after `after` in `order`, or null when fewer rows are left. */
  private async bound<R>(trx: Db, table: LegacyTable, order: string[], after: RawBuilder<unknown>): Promise<R | null> {
    const columns = sql.join(order.map((c) => sql.ref(c)));
    const { rows } = await sql<R>`select ${columns} from ${sql.table(table)} where ${after}
      order by ${columns} limit 1 offset ${this.chunk - 1}`.execute(trx);
    return rows[0] ?? null;
  }

  /** Drops `tables` when the chunk emptied them (`done`); on PostgreSQL the events table goes with its partitions. */
  private async dropIf(trx: Db, done: boolean, tables: LegacyTable[]): Promise<void> {
    if (!done) return;
    for (const table of tables) await sql`drop table if exists ${sql.table(table)}`.execute(trx);
  }

  /**
   * Events in ascending legacy id (UUIDv7, time) order, so `seq` follows time. Each chunk is plain SQL:
   * the keys and dictionary values it needs are made first, then its rows are copied with their codes.
   * On SQLite the legacy table's secondary indexes go first: nothing reads them any more, and each
   * chunk's delete would otherwise rewrite three more trees (PostgreSQL's delete leaves indexes alone).
   * Here and below, `cross join` keeps SQLite's planner on the legacy table's key range as the outer
   * loop, the key tables looked up by their unique keys.
   */
  async events(): Promise<number> {
    return this.loop<string>('legacy_events', async (trx, _tables, after) => {
      if (after === null && !this.postgres) {
        const { rows } = await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name = 'legacy_events' and sql is not null`.execute(trx);
        for (const { name } of rows) await sql`drop index if exists ${sql.id(name)}`.execute(trx);
      }
      const upto = (await this.bound<{ id: string }>(trx, 'legacy_events', ['id'], keyAfter(['id'], after)))?.id ?? null;
      const range = keyRange(['e.id'], { after, upto });
      await makeKeys(trx, sql`select e.account_id, e.target_id from legacy_events e where ${range}`);
      // One scan for the chunk's distinct combinations; every dictionary value among them is made.
      const { rows: combinations } = await sql<Record<EventDimension, string | null>>`
        select distinct ${sql.join(EVENT_DIMENSIONS.map((d) => sql.ref(`e.${d}`)))} from legacy_events e where ${range}`.execute(
        trx,
      );
      const pairs = new Map<string, { dimension: string; value: string }>();
      for (const row of combinations)
        for (const dimension of EVENT_DIMENSIONS) {
          const value = row[dimension];
          if (value !== null) pairs.set(`${dimension}\0${value}`, { dimension, value });
        }
      for (const part of chunks([...pairs.values()]))
        await trx
          .insertInto('event_values')
          .values(part)
          .onConflict((oc) => oc.columns(['dimension', 'value']).doNothing())
          .execute();
      const typeCode = sql`case e.type ${sql.join(
        Object.entries(TYPE_CODES).map(([type, code]) => sql`when ${sql.lit(type)} then ${sql.lit(code)}`),
        sql` `,
      )} end`;
      // A left join per dimension (a null value finds no entry): PostgreSQL hashes the small dictionary.
      const codes = EVENT_DIMENSIONS.map((d) => sql.ref(`v_${d}.id`));
      const lookups = EVENT_DIMENSIONS.map(
        (d) =>
          sql`left join event_values ${sql.id(`v_${d}`)} on ${sql.ref(`v_${d}.dimension`)} = ${sql.lit(d)} and ${sql.ref(`v_${d}.value`)} = e.${sql.ref(d)}`,
      );
      await sql`insert into events (account, target, type, at, ${sql.join(EVENT_DIMENSIONS.map((d) => sql.ref(d)))})
        select a.id, t.id, ${typeCode}, e.occurred_at, ${sql.join(codes)}
          from legacy_events e cross join event_accounts a cross join event_targets t ${sql.join(lookups, sql` `)}
         where a.key = e.account_id and t.key = e.target_id and ${range}
         order by e.id`.execute(trx);
      const deleted = await sql`delete from legacy_events where ${keyRange(['id'], { after, upto })}`.execute(trx);
      const done = upto === null;
      await this.dropIf(trx, done, ['legacy_events']);
      return { moved: Number(deleted.numAffectedRows ?? 0), upto, done };
    });
  }

  /**
   * Daily rollups and breakdowns into `event_days`, monthly breakdowns into `event_months`, a range of
   * targets per chunk (about `chunk` daily rollups; a target is never split). The keys and values are
   * made in SQL and the rows read back as integers, as few strings as possible crossing to JavaScript.
   *
   * The legacy rollups count no event type, and the compact ones carry one as ('type', name) counts. Per
   * target and day they are the moved events' own types while the raw events are kept, which is exact;
   * the events retention took are all taken to be of the target's usual type: the type most of its
   * remaining events have, else the one its kind records (a code's scans, a link's clicks, the views of
   * a form, page or card, a GS1 key's resolutions; a target no longer there counts as scans). So the
   * type split of days before the retention window is an approximation: a form's submissions there
   * count as views.
   */
  async rollups(): Promise<void> {
    const ROLLUPS = 'legacy_event_rollups' as const;
    const BREAKDOWNS = 'legacy_event_breakdowns' as const;
    const MONTHLY = 'legacy_event_breakdowns_monthly' as const;
    const types = new Dictionary();
    const step = async (trx: Db, tables: Set<LegacyTable>, after: string | null): Promise<ChunkResult<string>> => {
      const upto = tables.has(ROLLUPS)
        ? ((await this.bound<{ target_id: string }>(trx, ROLLUPS, ['target_id', 'day'], keyAfter(['target_id'], after)))
            ?.target_id ?? null)
        : null;
      const present = [ROLLUPS, BREAKDOWNS, MONTHLY].filter((t) => tables.has(t));
      const range = keyRange(['x.target_id'], { after, upto });
      const union = (columns: string[], from: LegacyTable[]) =>
        sql.join(
          from.map((t) => sql`select ${sql.join(columns.map((c) => sql.ref(`x.${c}`)))} from ${sql.table(t)} x where ${range}`),
          sql` union all `,
        );
      // The keys of the rollups' targets first (most exist since their events moved). The breakdowns
      // are read with their keys and values left-joined: a target or a value still missing (a
      // breakdown without a rollup, a value only retention-taken events had, the unknown '') makes the
      // chunk add the keys and values of all three tables and read again.
      const keysOf = (from: LegacyTable[]) => makeKeys(trx, union(['account_id', 'target_id'], from));
      if (tables.has(ROLLUPS)) await keysOf([ROLLUPS]);
      // A period's breakdown comes as one row, its (code:events) pairs joined in SQL: a fifth of the rows.
      const breakdowns = async (table: LegacyTable, period: 'day' | 'month') =>
        tables.has(table)
          ? (
              await sql<{ target: number | null; at: number; counts: string | null; missing: number }>`
                select min(t.id) as target, x.${sql.ref(period)} as at, string_agg(v.id || ':' || x.events, ',') as counts,
                       count(*) - count(v.id) as missing
                  from ${sql.table(table)} x left join event_targets t on t.key = x.target_id
                  left join event_values v on v.dimension = x.dimension and v.value = x.value
                 where ${range}
                 group by x.target_id, x.${sql.ref(period)}`.execute(trx)
            ).rows
          : [];
      const read = async () => ({
        rollups: tables.has(ROLLUPS)
          ? (
              await sql<{ target: number; day: number; events: number; uniques: number }>`
                select t.id as target, x.day, x.events, x.uniques from legacy_event_rollups x cross join event_targets t
                 where t.key = x.target_id and ${range}`.execute(trx)
            ).rows
          : [],
        daily: await breakdowns(BREAKDOWNS, 'day'),
        monthly: await breakdowns(MONTHLY, 'month'),
      });
      let rows = await read();
      if ([...rows.daily, ...rows.monthly].some((r) => r.target === null || Number(r.missing) > 0)) {
        await keysOf(present);
        await sql`insert into event_values (dimension, value)
          select distinct dimension, value from (${union(
            ['dimension', 'value'],
            present.filter((t) => t !== ROLLUPS),
          )}) s where true
          on conflict (dimension, value) do nothing`.execute(trx);
        rows = await read();
      }
      const { rollups } = rows;
      const addPairs = (period: Period, pairs: string | null) => {
        if (!pairs) return;
        for (const pair of pairs.split(',')) {
          const colon = pair.indexOf(':');
          period.add(Number(pair.slice(0, colon)), Number(pair.slice(colon + 1)));
        }
      };

      const days = new Periods();
      for (const r of rollups) {
        const day = days.of(Number(r.target), Number(r.day));
        day.events += Number(r.events);
        day.uniques += Number(r.uniques);
      }
      for (const b of rows.daily) addPairs(days.of(Number(b.target), Number(b.at)), b.counts);
      const targets = days.targets();
      const raw = await this.typeCounts(trx, targets);
      const usual = await usualTypes(trx, targets, raw);
      for (const day of days.all()) {
        let counted = 0;
        for (const [type, n] of raw.get(day.target)?.get(day.at) ?? []) {
          day.types.set(type, n);
          counted += n;
        }
        const rest = day.events - counted;
        if (rest > 0) {
          const type = usual.get(day.target) ?? 'scan';
          day.types.set(type, (day.types.get(type) ?? 0) + rest);
        }
      }
      const months = new Periods();
      for (const m of rows.monthly) addPairs(months.of(Number(m.target), Number(m.at)), m.counts);
      // A month's figures are the sums of its days (its breakdowns were built from theirs).
      for (const day of days.all()) {
        const month = months.get(day.target, monthOf(day.at));
        if (!month) continue;
        month.events += day.events;
        month.uniques += day.uniques;
        for (const [type, n] of day.types) month.types.set(type, (month.types.get(type) ?? 0) + n);
      }

      const used = new Set<string>();
      for (const period of days.all()) for (const type of period.types.keys()) used.add(type);
      await types.ensure(
        trx,
        [...used].map((type) => ['type', type]),
      );
      const rowOf = (period: Period) => {
        for (const [type, n] of period.types) period.add(types.code('type', type), n);
        const packed = encodeCounts(period.counts);
        return {
          target: period.target,
          events: period.events,
          uniques: period.uniques,
          counts: Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength),
        };
      };
      for (const part of chunks(days.all())) {
        await trx
          .insertInto('event_days')
          .values(part.map((p) => ({ ...rowOf(p), day: p.at })))
          .execute();
      }
      for (const part of chunks(months.all())) {
        await trx
          .insertInto('event_months')
          .values(part.map((p) => ({ ...rowOf(p), month: p.at })))
          .execute();
      }
      const own = keyRange(['target_id'], { after, upto });
      for (const table of present) await trx.deleteFrom(table).where(own).execute();
      const done = upto === null;
      await this.dropIf(trx, done, [ROLLUPS, BREAKDOWNS, MONTHLY]);
      return { moved: rollups.length, upto, done };
    };
    // The daily rollups drive the chunks; breakdowns without a rollup (none in a sound store) go with
    // the chunk their target falls in, or the last one.
    for (const table of [ROLLUPS, BREAKDOWNS, MONTHLY]) {
      await this.loop<string>(table, step, (committed) => (committed ? types.commit() : types.rollback()));
    }
  }

  /** The moved events of these targets per target, day and type. */
  private async typeCounts(trx: Db, targets: number[]): Promise<Map<number, Map<number, Map<EventType, number>>>> {
    const out = new Map<number, Map<number, Map<EventType, number>>>();
    for (const part of chunks(targets)) {
      const { rows } = await sql<{ target: number; day: number; type: number; n: number }>`
        select target, at / 86400000 as day, type, count(*) as n from events
         where target in (${sql.join(part)}) group by target, at / 86400000, type`.execute(trx);
      for (const r of rows) {
        const type = TYPE_OF_CODE.get(Number(r.type));
        if (!type) continue;
        let days = out.get(Number(r.target));
        if (!days) out.set(Number(r.target), (days = new Map()));
        let types = days.get(Number(r.day));
        if (!types) days.set(Number(r.day), (types = new Map()));
        types.set(type, Number(r.n));
      }
    }
    return out;
  }

  /** Lifetime totals into `event_targets.total`. */
  async totals(): Promise<void> {
    await this.loop<string>('legacy_event_totals', async (trx, _tables, after) => {
      const upto =
        (await this.bound<{ target_id: string }>(trx, 'legacy_event_totals', ['target_id'], keyAfter(['target_id'], after)))
          ?.target_id ?? null;
      const range = keyRange(['x.target_id'], { after, upto });
      await sql`insert into event_accounts (key)
        select distinct x.account_id from legacy_event_totals x where ${range}
        on conflict (key) do nothing`.execute(trx);
      await sql`insert into event_targets (account, key, total)
        select a.id, x.target_id, x.total from legacy_event_totals x cross join event_accounts a
         where a.key = x.account_id and ${range}
        on conflict (key) do update set total = event_targets.total + excluded.total`.execute(trx);
      const deleted = await sql`delete from legacy_event_totals where ${keyRange(['target_id'], { after, upto })}`.execute(trx);
      await this.dropIf(trx, upto === null, ['legacy_event_totals']);
      return { moved: Number(deleted.numAffectedRows ?? 0), upto, done: upto === null };
    });
  }

  /** Excluded (automated, HEAD) hits per target and day. */
  async excluded(): Promise<void> {
    type Key = { account_id: string; day: number; target_id: string };
    const KEY = ['account_id', 'day', 'target_id'];
    const values = (key: Key | null) => (key ? [key.account_id, key.day, key.target_id] : null);
    await this.loop<Key>('legacy_excluded_hits', async (trx, _tables, after) => {
      const upto = await this.bound<Key>(trx, 'legacy_excluded_hits', KEY, keyAfter(KEY, values(after)));
      const bounds = { after: values(after), upto: values(upto) };
      const range = keyRange(
        KEY.map((c) => `x.${c}`),
        bounds,
      );
      await makeKeys(trx, sql`select x.account_id, x.target_id from legacy_excluded_hits x where ${range}`);
      await sql`insert into excluded_hits (target, day, hits)
        select t.id, x.day, sum(x.hits) from legacy_excluded_hits x cross join event_targets t
         where t.key = x.target_id and ${range} group by t.id, x.day
        on conflict (target, day) do update set hits = excluded_hits.hits + excluded.hits`.execute(trx);
      const deleted = await sql`delete from legacy_excluded_hits where ${keyRange(KEY, bounds)}`.execute(trx);
      await this.dropIf(trx, upto === null, ['legacy_excluded_hits']);
      return { moved: Number(deleted.numAffectedRows ?? 0), upto, done: upto === null };
    });
  }

  /**
   * The visitor hashes of the days whose salt is kept, as the first 16 hex digits of each hash. A hash whose
   * target has no integer (no event of it was ever counted) has nothing to count against and is dropped.
   */
  async visitors(): Promise<void> {
    type Key = { day: number; target_id: string; visitor: string };
    const KEY = ['day', 'target_id', 'visitor'];
    const values = (key: Key | null) => (key ? [key.day, key.target_id, key.visitor] : null);
    const prefix = sql`substr(x.visitor, 1, 16)`;
    await this.loop<Key>('legacy_daily_visitors', async (trx, _tables, after) => {
      const upto = await this.bound<Key>(trx, 'legacy_daily_visitors', KEY, keyAfter(KEY, values(after)));
      const bounds = { after: values(after), upto: values(upto) };
      await sql`insert into daily_visitors (day, target, visitor)
        select x.day, t.id, ${prefix} from legacy_daily_visitors x cross join event_targets t
         where t.key = x.target_id and ${keyRange(
           KEY.map((c) => `x.${c}`),
           bounds,
         )}
        on conflict (day, target, visitor) do nothing`.execute(trx);
      const deleted = await sql`delete from legacy_daily_visitors where ${keyRange(KEY, bounds)}`.execute(trx);
      await this.dropIf(trx, upto === null, ['legacy_daily_visitors']);
      return { moved: Number(deleted.numAffectedRows ?? 0), upto, done: upto === null };
    });
  }
}

/** A target's day or month as the legacy rows give it, with its counts by value code. */
class Period {
  events = 0;
  uniques = 0;
  readonly counts: Counts = new Map();
  /** Events per type, made dictionary codes when the row is written. */
  readonly types = new Map<EventType, number>();

  constructor(
    readonly target: number,
    /** The day or the month. */
    readonly at: number,
  ) {}

  add(code: number, n: number): void {
    this.counts.set(code, (this.counts.get(code) ?? 0) + n);
  }
}

/** The periods of a chunk, by target and then day or month. */
class Periods {
  private readonly byTarget = new Map<number, Map<number, Period>>();
  private readonly list: Period[] = [];

  get(target: number, at: number): Period | undefined {
    return this.byTarget.get(target)?.get(at);
  }

  of(target: number, at: number): Period {
    let periods = this.byTarget.get(target);
    if (!periods) this.byTarget.set(target, (periods = new Map()));
    let period = periods.get(at);
    if (!period) {
      periods.set(at, (period = new Period(target, at)));
      this.list.push(period);
    }
    return period;
  }

  all(): Period[] {
    return this.list;
  }

  targets(): number[] {
    return [...this.byTarget.keys()];
  }
}

/** `(columns) > (after)`, or true when there is no lower bound; a row comparison on both engines. */
function keyAfter(columns: string[], after: unknown[] | string | null): RawBuilder<unknown> {
  if (after === null) return sql`1 = 1`;
  const values = Array.isArray(after) ? after : [after];
  const refs = sql.join(columns.map((c) => sql.ref(c)));
  return columns.length === 1 ? sql`${refs} > ${values[0]}` : sql`(${refs}) > (${sql.join(values)})`;
}

/** The keyset range `(columns) > after and (columns) <= upto`, either bound left out when null. */
function keyRange(columns: string[], range: Range<unknown[] | string>): RawBuilder<boolean> {
  const refs = sql.join(columns.map((c) => sql.ref(c)));
  const upper =
    range.upto === null
      ? sql`1 = 1`
      : columns.length === 1
        ? sql`${refs} <= ${Array.isArray(range.upto) ? range.upto[0] : range.upto}`
        : sql`(${refs}) <= (${sql.join(range.upto as unknown[])})`;
  return sql<boolean>`${keyAfter(columns, range.after)} and ${upper}`;
}

/**
 * Each target's usual event type: the one most of its moved events have, else the one its kind
 * records (looked up in the catalogue), for the events retention took.
 */
async function usualTypes(
  trx: Db,
  targets: number[],
  counts: Map<number, Map<number, Map<EventType, number>>>,
): Promise<Map<number, EventType>> {
  const out = new Map<number, EventType>();
  const unknown: number[] = [];
  for (const target of targets) {
    const sum = new Map<EventType, number>();
    for (const types of counts.get(target)?.values() ?? [])
      for (const [type, n] of types) sum.set(type, (sum.get(type) ?? 0) + n);
    if (sum.size > 0) out.set(target, [...sum].reduce((a, b) => (b[1] > a[1] ? b : a))[0]);
    else unknown.push(target);
  }
  for (const part of chunks(unknown)) {
    const keys = await trx.selectFrom('event_targets').select(['id', 'key']).where('id', 'in', part).execute();
    const ids = new Map(keys.map((k) => [k.key, Number(k.id)]));
    const found = (key: string, type: EventType) => out.set(ids.get(key)!, type);
    const named = [...ids.keys()];
    for (const r of await trx.selectFrom('codes').select(['id', 'kind']).where('id', 'in', named).execute())
      found(r.id, r.kind === 'link' ? 'link_click' : 'scan');
    for (const r of await trx.selectFrom('gs1_keys').select('id').where('id', 'in', named).execute()) found(r.id, 'gs1_resolve');
    for (const r of await trx.selectFrom('contents').select(['id', 'kind']).where('id', 'in', named).execute()) {
      const type = CONTENT_VIEW[r.kind];
      if (type) found(r.id, type);
    }
  }
  return out;
}

/**
 * The dictionary codes the rollups need, kept for the whole move: codes made by a chunk are kept
 * only once its transaction commits, so none can point to a row a rollback took away.
 */
class Dictionary {
  private readonly committed = new Map<string, number>();
  private pending = new Map<string, number>();

  code(dimension: string, value: string): number {
    const key = `${dimension}\0${value}`;
    const code = this.pending.get(key) ?? this.committed.get(key);
    if (code === undefined) throw new Error(`no code for ${dimension} ${JSON.stringify(value)}`);
    return code;
  }

  async ensure(trx: Db, pairs: [string, string][]): Promise<void> {
    const missing = new Map<string, [string, string]>();
    for (const [dimension, value] of pairs) {
      const key = `${dimension}\0${value}`;
      if (!this.committed.has(key) && !this.pending.has(key)) missing.set(key, [dimension, value]);
    }
    for (const part of chunks([...missing.values()])) {
      await trx
        .insertInto('event_values')
        .values(part.map(([dimension, value]) => ({ dimension, value })))
        .onConflict((oc) => oc.columns(['dimension', 'value']).doNothing())
        .execute();
      const byDimension = new Map<string, string[]>();
      for (const [dimension, value] of part) byDimension.set(dimension, [...(byDimension.get(dimension) ?? []), value]);
      for (const [dimension, values] of byDimension) {
        const rows = await trx
          .selectFrom('event_values')
          .select(['id', 'value'])
          .where('dimension', '=', dimension)
          .where('value', 'in', values)
          .execute();
        for (const r of rows) this.pending.set(`${dimension}\0${r.value}`, Number(r.id));
      }
    }
  }

  commit(): void {
    for (const [key, code] of this.pending) this.committed.set(key, code);
    this.pending = new Map();
  }

  rollback(): void {
    this.pending = new Map();
  }
}
