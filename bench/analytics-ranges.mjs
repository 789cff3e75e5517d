// Analytics over any range in any time zone at size: a code's and the account's figures over 30 and
// 365 days in several zones (one range across a daylight-saving change), the weekday × hour grid over
// 365 days, the comparison with the period before, read through the services the API calls; then the
// same requests once over HTTP with an API token.
//
//   npm run build && node bench/analytics-ranges.mjs [--events 10000000] [--store sqlite,postgres]
//        [--runs 15] [--rounds 3 (0: seed only)] [--http 15 (0: none)] [--keep] [--writer]
//        [--pg postgres://postgres@127.0.0.1:5432/test]
//
// The store (bench/lib/ranges-store.mjs) is seeded in bulk in the writer's rows and encoding, or
// through the events writer itself with --writer (the better part of an hour at 10M). --keep keeps
// it (a SQLite file in the temporary directory, a PostgreSQL schema) for the next run, which reuses
// it; a run without --keep drops it at the end. Rounds alternate the stores, each case N runs after
// one warm-up; the figures are the median and p95 of every round's runs together (a goal is missed
// when the median passes it).
import { parseArgs } from 'node:util';
import { loadConfig } from '../dist/config/config.js';
import { systemClock } from '../dist/lib/clock.js';
import { stretches } from '../dist/lib/zones.js';
import { person } from '../dist/platform/authz/roles.policy.js';
import { buildServices, openInfrastructure } from '../dist/services.js';
import { DAY, log, ms, NOW } from './event-data.mjs';
import { cli } from './lib/cli.mjs';
import { freePort, load, start, stop } from './lib/server.mjs';
import { rangesStore } from './lib/ranges-store.mjs';
import { printTable } from './lib/table.mjs';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    store: { type: 'string', default: 'sqlite,postgres' },
    runs: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '3' },
    http: { type: 'string', default: '15' },
    keep: { type: 'boolean', default: false },
    writer: { type: 'boolean', default: false },
    pg: { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const N = Number(args.events);
const RUNS = Number(args.runs);

const iso = (day) => new Date(day * DAY).toISOString().slice(0, 10);
const today = Math.floor(NOW / DAY);
/** 30 days around New York's latest change of offset at least 15 days ago. */
const dstRange = (() => {
  const cuts = stretches((today - 400) * DAY, (today - 15) * DAY, 'America/New_York');
  const change = Math.floor(cuts.at(-1).from / DAY);
  return { from: iso(change - 15), to: iso(change + 14), tz: 'America/New_York' };
})();

/** [label, goal ms, query]: a code's (`code`) or the account's (`account`) analytics. */
const CASES = [
  ['code', '30 d, UTC', 20, { days: 30, tz: 'UTC' }],
  ['code', '30 d, Asia/Kathmandu', 20, { days: 30, tz: 'Asia/Kathmandu' }],
  ['code', `30 d, America/New_York, ${dstRange.from}..${dstRange.to} (DST)`, 20, dstRange],
  ['code', '30 d, Pacific/Kiritimati', 20, { days: 30, tz: 'Pacific/Kiritimati' }],
  ['code', '30 d, Asia/Kathmandu, compare', 20, { days: 30, tz: 'Asia/Kathmandu', compare: true }],
  ['code', '7 d, Asia/Kathmandu, interval=hour', 20, { days: 7, tz: 'Asia/Kathmandu', interval: 'hour' }],
  ['code', '365 d, UTC', 50, { days: 365, tz: 'UTC' }],
  ['code', '365 d, America/New_York', 50, { days: 365, tz: 'America/New_York' }],
  ['code', '365 d, America/New_York, grid', 50, { days: 365, tz: 'America/New_York', grid: true }],
  ['account', '30 d, UTC', 20, { days: 30, tz: 'UTC' }],
  ['account', '30 d, Asia/Kathmandu, compare', 20, { days: 30, tz: 'Asia/Kathmandu', compare: true }],
  ['account', '365 d, America/New_York', 50, { days: 365, tz: 'America/New_York' }],
  ['account', '365 d, America/New_York, grid', 50, { days: 365, tz: 'America/New_York', grid: true }],
];

/** The services over a store, built as the server builds them. */
async function servicesOn(store) {
  const config = loadConfig({ DATABASE_URL: store.url, PUBLIC_URL: 'http://qrelay.bench.test', LOG_LEVEL: 'silent' });
  const infra = await openInfrastructure(config, { clock: systemClock, database: store.schema ? { schema: store.schema } : {} });
  const services = buildServices(infra);
  const actor = person(store.account, 'bench', 'owner');
  const read = (kind, query) =>
    kind === 'code'
      ? services.traffic.scanHistory.analytics(actor, store.hot, query)
      : services.traffic.analytics.accountAnalytics(actor, query);
  return {
    read,
    async close() {
      await services.traffic.recorder.close();
      await services.catalog.imaging.close();
      await infra.close();
    },
  };
}

/** Times `fn` `runs` times after one warm-up; adds the samples to `into`. */
async function sample(fn, runs, into) {
  await fn();
  for (let r = 0; r < runs; r += 1) {
    const t = performance.now();
    await fn();
    into.push(performance.now() - t);
  }
}

const stats = (samples) => {
  const s = [...samples].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] };
};

/** A query as the API's query string. */
const queryString = (query) => new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

/** The cases over HTTP: a server on the store, an API token with analytics:read, `runs` requests each. */
async function overHttp(store, runs) {
  const { env } = store;
  const { token } = cli(['token', 'create', '--account', store.account, '--scopes', 'analytics:read'], env);
  const port = await freePort();
  const child = await start('dist/main.js', { ...env, WORKERS: '1', PORT: String(port), EVENT_JOURNAL_DIR: 'off' }, port, null);
  const out = new Map();
  try {
    for (const [kind, label, , query] of CASES) {
      const path = kind === 'code' ? `/api/v1/analytics/codes/${store.hot}` : '/api/v1/analytics/account';
      const samples = [];
      await sample(
        async () => {
          const response = await fetch(`http://127.0.0.1:${port}${path}?${queryString(query)}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
          await response.arrayBuffer();
        },
        runs,
        samples,
      );
      out.set(`${kind} ${label}`, stats(samples));
    }
  } finally {
    await stop(child);
  }
  return out;
}

log(`load: ${load()}`);
const stores = [];
for (const dialect of args.store.split(',')) {
  const store = await rangesStore(dialect, N, { pgUrl: args.pg, writer: args.writer });
  await store.database.close();
  stores.push({ dialect, store, samples: new Map(CASES.map(([kind, label]) => [`${kind} ${label}`, []])) });
}
try {
  for (const s of stores) s.services = await servicesOn(s.store);
  for (let round = 1; round <= Number(args.rounds); round += 1) {
    log(`round ${round}, load ${load()}`);
    for (const s of stores) {
      for (const [kind, label, , query] of CASES) {
        const into = s.samples.get(`${kind} ${label}`);
        const before = into.length;
        await sample(() => s.services.read(kind, query), RUNS, into);
        log(`  ${s.dialect} ${kind} ${label}: median ${ms(stats(into.slice(before)).median)}`);
      }
    }
  }
  for (const s of stores) await s.services.close();
  if (Number(args.http) > 0) for (const s of stores) s.http = await overHttp(s.store, Number(args.http));
  log(`load: ${load()}`);
  const rows = CASES.filter(() => Number(args.rounds) > 0).map(([kind, label, goal]) => {
    const key = `${kind} ${label}`;
    const row = { case: `${kind}, ${label}`, goal: `< ${goal}` };
    for (const s of stores) {
      const { median, p95 } = stats(s.samples.get(key));
      row[`${s.dialect} median / p95`] = `${median.toFixed(1)} / ${p95.toFixed(1)}${median < goal ? '' : ' (missed)'}`;
      if (s.http) row[`${s.dialect} HTTP median`] = s.http.get(key).median.toFixed(1);
    }
    return row;
  });
  if (rows.length > 0) printTable(rows);
} finally {
  for (const s of stores) {
    if (args.keep) await s.store.close();
    else await s.store.drop();
  }
}
