// npm run bench: every benchmark in turn (docs/benchmarks.md). BENCH_ONLY=redirect,writer,api-flood,start-up,webhooks,events,symbols,instances,workers,bulk
// picks some; BENCH_ONLY=partitions (10M events per layout by default: long) runs only when named. The redirect
// benchmarks need wrk (`apt-get install wrk`).
const only = (
  process.env.BENCH_ONLY ?? 'redirect,writer,api-flood,start-up,webhooks,events,symbols,instances,workers,bulk'
).split(',');
if (only.includes('redirect')) await import('./redirect.mjs');
if (only.includes('writer')) await import('./writer.mjs');
if (only.includes('api-flood')) await import('./api-flood.mjs');
if (only.includes('start-up')) await import('./start-up.mjs');
if (only.includes('webhooks')) await import('./webhooks.mjs');
if (only.includes('events')) await import('./events.mjs');
if (only.includes('symbols')) await import('./symbols.mjs');
if (only.includes('instances')) await import('./instances.mjs');
if (only.includes('workers')) await import('./workers.mjs');
if (only.includes('bulk')) await import('./bulk.mjs');
if (only.includes('partitions')) await import('./partitions.mjs');
