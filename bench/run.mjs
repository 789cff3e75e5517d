// npm run bench: every benchmark in turn (docs/benchmarks.md). BENCH_ONLY=redirect,webhooks,events,symbols picks some.
const only = (process.env.BENCH_ONLY ?? 'redirect,webhooks,events,symbols').split(',');
if (only.includes('redirect')) await import('./redirect.mjs');
if (only.includes('webhooks')) await import('./webhooks.mjs');
if (only.includes('events')) await import('./events.mjs');
if (only.includes('symbols')) await import('./symbols.mjs');
