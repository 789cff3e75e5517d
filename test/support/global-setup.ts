import { reach } from './reach.js';

/**
 * With TEST_REQUIRE_ALL_STORES=1 (as CI sets it), refuses to run unless every store is reachable, so a
 * run that would skip the PostgreSQL or Redis suites fails instead.
 */
export default function setup(): void {
  if (process.env.TEST_REQUIRE_ALL_STORES !== '1') return;
  const missing = reach()
    .filter((s) => s.missing)
    .map((s) => `${s.name} (${s.missing} unset)`);
  if (missing.length > 0) throw new Error(`TEST_REQUIRE_ALL_STORES=1 but this run cannot reach: ${missing.join(', ')}`);
}
