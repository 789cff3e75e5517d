import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Server-rendered pages are Preact JSX (src/http/html, ADR 0070).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'web/src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['./test/support/global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
