import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['./test/support/global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
