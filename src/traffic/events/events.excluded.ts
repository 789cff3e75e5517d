import type { ExcludedCount } from './events.types.js';

/**
 * Excluded hits (robots, HEAD requests) added up per day, account and target until they leave for
 * the writer. Keyed level by level rather than by a key string built per hit: the ids are the
 * resolver's cached strings, whose hashes are computed once, so a robot's hit costs three lookups
 * and no allocation.
 */
export class ExcludedTally {
  private days = new Map<number, Map<string, Map<string, ExcludedCount>>>();

  get empty(): boolean {
    return this.days.size === 0;
  }

  add(count: ExcludedCount): void {
    let accounts = this.days.get(count.day);
    if (!accounts) this.days.set(count.day, (accounts = new Map()));
    let targets = accounts.get(count.accountId);
    if (!targets) accounts.set(count.accountId, (targets = new Map()));
    const row = targets.get(count.targetId);
    if (row) row.count += count.count;
    else targets.set(count.targetId, { ...count });
  }

  /** Every count added since the last take, once each; the tally is then empty. */
  take(): ExcludedCount[] {
    const counts: ExcludedCount[] = [];
    for (const accounts of this.days.values()) {
      for (const targets of accounts.values()) for (const row of targets.values()) counts.push(row);
    }
    this.days = new Map();
    return counts;
  }
}
