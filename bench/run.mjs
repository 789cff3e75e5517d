// Every benchmark in turn; arguments are passed on (see docs/benchmarks.md).
await import('./events.mjs');
