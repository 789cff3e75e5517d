import { defineConfig } from 'vitest/config';

/** `npm run test:cluster`: several real qrelay processes on real stores (test/cluster). */
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.cluster.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ['default'],
  },
});
