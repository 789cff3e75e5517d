import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Server-rendered pages are Preact JSX (src/http/html, ADR 0070).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // The dashboard's name for the server's pure symbol code (web/vite.config.ts), for its unit tests.
  resolve: { alias: { '@symbols': fileURLToPath(new URL('./src/catalog/symbols', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'web/src/**/*.test.ts'],
    pool: 'forks',
    // Every file builds its own stores and servers, so files can share their worker's loaded modules instead of loading the whole app again each.
    isolate: false,
    // The tests mostly wait on child processes, browsers and the stores, so vitest's default (a core fewer than the machine has) would leave a two-core machine one worker.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['./test/support/global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
