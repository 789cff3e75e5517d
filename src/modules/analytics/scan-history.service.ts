import type { CodesService } from '../codes/codes.service.js';
import type { CodeAnalytics, EventsService } from '../events/events.service.js';

/**
 * A code's scan history as its owner sees it: aggregated analytics, and clearing it. The code must
 * be the account's (another account's code is not found); the figures come from the events store.
 */
export class ScanHistoryService {
  constructor(
    private readonly codes: CodesService,
    private readonly events: EventsService,
  ) {}

  async analytics(accountId: string, codeId: string, days?: number): Promise<CodeAnalytics> {
    await this.codes.get(accountId, codeId);
    return this.events.codeAnalytics({ accountId, codeId, days });
  }

  /**
   * Destroys the code's events, daily totals, the alerts raised from them and its lifetime counter,
   * in one transaction; the code and its short address are untouched. Returns the events removed.
   */
  async clear(accountId: string, codeId: string): Promise<number> {
    await this.codes.get(accountId, codeId);
    return (await this.events.clearTarget({ accountId, targetId: codeId })).removed;
  }
}
