import type { Clock } from '../../lib/clock.js';
import type { CampaignsService, MemberRef } from '../../catalog/index.js';
import { dayIso } from '../events/events.types.js';
import { assertCan, type Person } from '../../platform/index.js';
import type { EventSource } from '../events/events.sink.js';
import { bounded, windowOf } from './analytics.types.js';

export interface CampaignAnalytics {
  days: number;
  from: string;
  to: string;
  /** Over every member: scans, clicks and views together. Automated traffic is never counted. */
  totals: { events: number; uniqueVisitors: number };
  daily: { date: string; events: number; uniqueVisitors: number }[];
  /** Every member, busiest first. */
  members: (MemberRef & { events: number; uniqueVisitors: number })[];
}

/**
 * A campaign's figures: the sums of its members' rollups (events and daily unique visitors) over the
 * window, so the campaign always equals the sum of its members. Needs analytics:read.
 */
export class CampaignAnalyticsReader {
  constructor(
    private readonly campaigns: Pick<CampaignsService, 'membersFor'>,
    private readonly events: EventSource,
    private readonly clock: Clock,
  ) {}

  async campaignAnalytics(actor: Person, campaignId: string, days?: number): Promise<CampaignAnalytics> {
    assertCan(actor, 'analytics:read');
    const window = bounded(days, 30, 1, 3650, 'days');
    const members = await this.campaigns.membersFor(actor, campaignId);
    const { from, to } = windowOf(this.clock, window);
    const ids = members.map((m) => m.id);
    const [perMember, perDay] = await Promise.all([
      this.events.perTarget(actor.accountId, ids, from, to),
      this.events.daysOf(actor.accountId, ids, from, to),
    ]);
    const figures = members
      .map((m) => ({ ...m, events: perMember.get(m.id)?.events ?? 0, uniqueVisitors: perMember.get(m.id)?.uniques ?? 0 }))
      .sort((a, b) => b.events - a.events || a.id.localeCompare(b.id));
    const daily = [];
    for (let day = from; day <= to; day += 1) {
      const row = perDay.get(day);
      daily.push({ date: dayIso(day), events: row?.events ?? 0, uniqueVisitors: row?.uniques ?? 0 });
    }
    return {
      days: window,
      from: dayIso(from),
      to: dayIso(to),
      totals: {
        events: figures.reduce((n, m) => n + m.events, 0),
        uniqueVisitors: figures.reduce((n, m) => n + m.uniqueVisitors, 0),
      },
      daily,
      members: figures,
    };
  }
}
