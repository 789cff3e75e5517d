import type { CodesService } from '../../catalog/index.js';
import type { EventsService } from '../events/events.service.js';
import { assertCan, type Person } from '../../platform/index.js';
import type { AnalyticsService } from './analytics.service.js';
import type { CodeAnalytics } from './analytics.types.js';

/**
 * A code's scan history as its owner sees it: aggregated analytics (analytics:read), and clearing it
 * (content:write). The code must be the account's (another account's code is not found).
 */
export class ScanHistoryService {
  constructor(
    private readonly codes: CodesService,
    private readonly links: CodesService,
    private readonly figures: AnalyticsService,
    private readonly events: EventsService,
  ) {}

  async analytics(actor: Person, codeId: string, days?: number, kind: 'code' | 'link' = 'code'): Promise<CodeAnalytics> {
    assertCan(actor, 'analytics:read');
    await (kind === 'link' ? this.links : this.codes).get(actor, codeId);
    return this.figures.codeAnalytics(actor, { codeId, days });
  }

  /**
   * Destroys the code's events, daily totals, the alerts raised from them and its lifetime counter,
   * in one transaction; the code and its short address are untouched. Returns the events removed.
   */
  async clear(actor: Person, codeId: string): Promise<number> {
    assertCan(actor, 'content:write');
    await this.codes.get(actor, codeId);
    return (await this.events.clearTarget(actor, codeId)).removed;
  }
}
