import type { Clock } from '../../lib/clock.js';
import { assertCan, assertOperatorOrSystem, type Person, type System } from '../../platform/index.js';
import type { EventsRepository } from './store/events.repository.js';
import type { SaltsRepository } from './store/events.salts.js';
import { DAY_MS, dayOf, monthOf, QUARTER_DAYS, QUARTERS_PER_DAY } from './events.types.js';

/** How long a month must have been over before it is compacted: late batches and replays land first. */
export const COMPACTION_GRACE_MS = DAY_MS;

/**
 * The upkeep of the events store: lifetime totals, clearing a target's history (for the scan history,
 * as its person), compaction, retention and the salts of finished days (the jobs, as the system);
 * reading events and analytics is the analytics module's.
 */
export class EventsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly salts: SaltsRepository,
    private readonly clock: Clock,
    /** Commits this process's buffered events first, so a clear also removes what was just recorded. */
    private readonly flushPending: () => Promise<void> = async () => undefined,
    /** With a read replica: marks the account so its next reads go to the primary. */
    private readonly writes: { mark(accountId: string): Promise<void> } | null = null,
  ) {}

  /** Lifetime counted events per target id (0 for a target never hit). */
  async totals(targetIds: readonly string[]): Promise<Map<string, number>> {
    const found = await this.events.totals(targetIds);
    return new Map(targetIds.map((id) => [id, found.get(id) ?? 0]));
  }

  /** Destroys a target's events, rollups, lifetime total and alerts in the actor's account; returns the events removed. */
  async clearTarget(actor: Person, targetId: string): Promise<{ removed: number }> {
    assertCan(actor, 'content:write');
    await this.flushPending().catch(() => undefined);
    await this.writes?.mark(actor.accountId);
    return { removed: await this.events.clearTarget(actor.accountId, targetId) };
  }

  /**
   * Retention: drops the ranges of events wholly older than `days` (partitioned PostgreSQL), then
   * deletes the raw events left before the cutoff in chunks; rollups keep the analytics.
   */
  async purgeOlderThan(actor: System, days: number, chunk = 5000): Promise<number> {
    assertOperatorOrSystem(actor);
    const cutoff = this.clock.now() - days * DAY_MS;
    let removed = await this.events.dropRangesBefore(cutoff);
    for (;;) {
      const n = await this.events.deleteOlderThan(cutoff, chunk);
      removed += n;
      if (n < chunk) return removed;
    }
  }

  /**
   * Builds the monthly breakdowns of the oldest month not compacted yet, once it has been over for
   * `COMPACTION_GRACE_MS`. One month per call; returns it, or null when none is due.
   */
  async compactClosedMonth(actor: System): Promise<number | null> {
    assertOperatorOrSystem(actor);
    const now = this.clock.now();
    return this.events.compactNextMonth(monthOf(dayOf(now - COMPACTION_GRACE_MS)) - 1, now);
  }

  /** Keeps partitions ready for the range of events being written and the next one (PostgreSQL). */
  async preparePartitions(): Promise<string[]> {
    return this.events.ensureRangesAhead();
  }

  /** Deletes the quarter rows of days past QUARTER_DAYS (their days stay in the daily rows); returns how many went. */
  async pruneQuarters(actor: System): Promise<number> {
    assertOperatorOrSystem(actor);
    return this.events.deleteQuartersBefore((dayOf(this.clock.now()) - QUARTER_DAYS) * QUARTERS_PER_DAY);
  }

  /** Destroys the salts and visitor hashes of finished days. */
  async destroyPastSalts(actor: System): Promise<void> {
    assertOperatorOrSystem(actor);
    await this.salts.purgeBefore(dayOf(this.clock.now()));
  }
}
