import { storeReach, toolReach } from './reach.js';

/**
 * With TEST_REQUIRE_ALL=1 (as CI sets it), refuses to run unless every store and every outside tool is
 * reachable, so a run that would skip the PostgreSQL, Redis, decoder or browser tests fails instead.
 */
export default function setup(): void {
  if (process.env.TEST_REQUIRE_ALL !== '1') return;
  const missing = [...storeReach(), ...toolReach()].filter((s) => s.missing).map((s) => `${s.name} (${s.missing})`);
  if (missing.length > 0) throw new Error(`TEST_REQUIRE_ALL=1 but this run cannot reach: ${missing.join(', ')}`);
}
