// Writing a large history of events fast, for benchmarks whose store would take hours through the
// events writer on a loaded machine: the same rows the writer makes (the events table's compact rows,
// the daily and quarter rollups with their packed counts, the lifetime totals) in the writer's own
// encoding and bulk statements, each rollup row written once, then the product's monthly compaction.
// Uniques are counted in memory per target and UTC day, each in the quarter of the visitor's first
// visit, as the writer counts them; no visitor hashes are kept (the salts job removes finished days').
import { sql } from 'kysely';
import { nextEventSeqs } from '../../dist/db/dialect.js';
import { systemClock } from '../../dist/lib/clock.js';
import { SYSTEM } from '../../dist/platform/authz/roles.policy.js';
import { EventsService } from '../../dist/traffic/events/events.service.js';
import { DIMENSIONS, EVENT_DIMENSIONS, TYPE_CODES, dayOf, quarterOf } from '../../dist/traffic/events/events.types.js';
import { encodeCounts } from '../../dist/traffic/events/store/counts.js';
import { DAYS, EVENTS, QUARTERS, TOTALS } from '../../dist/traffic/events/store/event-tables.js';
import { EventKeys } from '../../dist/traffic/events/store/event-keys.js';
import { EventsRepository } from '../../dist/traffic/events/store/events.repository.js';
import { SaltsRepository } from '../../dist/traffic/events/store/events.salts.js';
import { log, NOW } from '../event-data.mjs';

/** Events per transaction. */
const SLICE = 50_000;

/** A rollup of one period: events, uniques and the packed counts' values. */
const rollup = () => ({ events: 0, uniques: 0, counts: new Map() });
const count = (counts, code) => counts.set(code, (counts.get(code) ?? 0) + 1);

/** The targets and dictionary values of events from..to-1 that have no integer yet, as the writer's prepare() makes them. */
async function prepare(keys, event, step, from, to) {
  const targets = new Map();
  const values = new Map();
  const value = (d, v) => {
    if (!keys.hasValue(d, v)) values.set(`${d}|${v}`, [d, v]);
  };
  for (let i = from; i < to; i += 1) {
    const e = event(i, step);
    if (!keys.hasTarget(e.targetId)) targets.set(e.targetId, e.accountId);
    value('type', e.type);
    for (const d of EVENT_DIMENSIONS) if (e[d] !== null) value(d, e[d]);
    for (const d of DIMENSIONS) if (e[d] === null) value(d, '');
  }
  if (targets.size > 0) await keys.ensureTargets(targets);
  if (values.size > 0) await keys.ensureValues(values.values());
}

/**
 * Writes events 0..N-1 (`event(i, step)`, in time order from `start` up to now) with their rollups,
 * then compacts every closed month. Returns the seconds each step took.
 */
export async function bulkGenerate(database, N, { start, event }) {
  const { db, bulk } = database;
  const keys = new EventKeys(db);
  const events = new EventsService(new EventsRepository(db, keys, bulk), new SaltsRepository(db), systemClock);
  const step = Math.max(1, Math.floor((NOW - start) / N));
  if (database.dialect === 'sqlite') await sql.raw('PRAGMA cache_size = -1000000').execute(db);
  const t0 = performance.now();
  let day = null;
  // The open day's rollups: per target its day, its quarters and the quarter of each visitor's first visit.
  let open = new Map();
  const totals = new Map();
  const flushDay = async (trx) => {
    const days = [];
    const quarters = [];
    for (const [target, t] of open) {
      for (const q of t.firstVisit.values()) q.uniques += 1;
      t.day.uniques = t.firstVisit.size;
      days.push([target, day, t.day.events, t.day.uniques, encodeCounts(t.day.counts)]);
      for (const [quarter, q] of t.quarters) quarters.push([target, quarter, q.events, q.uniques, encodeCounts(q.counts)]);
    }
    await bulk.insert(trx, DAYS, days);
    await bulk.insert(trx, QUARTERS, quarters);
    open = new Map();
  };
  for (let from = 0; from < N; from += SLICE) {
    if (from % 1_000_000 === 0 && database.dialect === 'postgres') await events.preparePartitions();
    await prepare(keys, event, step, from, Math.min(N, from + SLICE));
    await db.transaction().execute(async (trx) => {
      const to = Math.min(N, from + SLICE);
      const seqs = await nextEventSeqs(trx, to - from);
      const rows = [];
      for (let i = from; i < to; i += 1) {
        const e = event(i, step);
        if (dayOf(e.occurredAt) !== day) {
          if (day !== null) await flushDay(trx);
          day = dayOf(e.occurredAt);
        }
        const target = keys.target(e.targetId);
        const row = [seqs[i - from], target.account, target.id, TYPE_CODES[e.type], e.occurredAt];
        for (const d of EVENT_DIMENSIONS) row.push(e[d] === null ? null : keys.valueCode(d, e[d]));
        rows.push(row);
        let t = open.get(target.id);
        if (!t) open.set(target.id, (t = { day: rollup(), quarters: new Map(), firstVisit: new Map() }));
        const quarter = quarterOf(e.occurredAt);
        let q = t.quarters.get(quarter);
        if (!q) t.quarters.set(quarter, (q = rollup()));
        const visitor = e.visitor.slice(0, 16);
        if (!t.firstVisit.has(visitor)) t.firstVisit.set(visitor, q);
        for (const r of [t.day, q]) {
          r.events += 1;
          count(r.counts, keys.valueCode('type', e.type));
          for (const d of DIMENSIONS) count(r.counts, keys.valueCode(d, e[d] ?? ''));
        }
        totals.set(target.id, (totals.get(target.id) ?? 0) + 1);
      }
      await bulk.insert(trx, EVENTS, rows);
      if (to === N) await flushDay(trx);
    });
    if ((from + SLICE) % 1_000_000 === 0 || from + SLICE >= N) {
      const done = Math.min(N, from + SLICE);
      log(`  events ${done}/${N} (${(done / ((performance.now() - t0) / 1000)).toFixed(0)}/s with rollups, in bulk)`);
    }
  }
  await db.transaction().execute((trx) =>
    bulk.addCounts(
      trx,
      TOTALS,
      [...totals].map(([id, n]) => [id, 0, '', n]),
    ),
  );
  const written = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  while ((await events.compactClosedMonth(SYSTEM)) !== null);
  const compacted = (performance.now() - t1) / 1000;
  if (database.dialect === 'sqlite') await sql.raw('PRAGMA cache_size = -65536').execute(db);
  else await sql.raw('VACUUM ANALYZE').execute(db);
  return { written, compacted };
}
