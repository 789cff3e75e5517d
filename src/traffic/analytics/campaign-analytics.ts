import type { CampaignsService, MemberRef } from '../../catalog/index.js';
import { dayIso } from '../events/events.types.js';
import { assertCan, type Person } from '../../platform/index.js';
import type { EventSource } from '../events/events.sink.js';
import type { FiguresExtras } from './analytics.types.js';
import { dailyOf, extrasOf, windowOfRange, type FiguresOptions, type RangeReader } from './range-figures.js';

export interface CampaignAnalytics extends FiguresExtras {
  days: number;
  from: string;
  to: string;
  tz: string;
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
    private readonly ranges: RangeReader,
  ) {}

  async campaignAnalytics(actor: Person, campaignId: string, input: FiguresOptions = {}): Promise<CampaignAnalytics> {
    assertCan(actor, 'analytics:read');
    const range = await this.ranges.range(actor.accountId, input, 3650);
    const members = await this.campaigns.membersFor(actor, campaignId);
    const ids = members.map((m) => m.id);
    const [perMember, perDay] = await Promise.all([
      this.events.perTarget(actor.accountId, ids, range.span()),
      dailyOf(this.events, actor.accountId, ids, range),
    ]);
    const figures = members
      .map((m) => ({ ...m, events: perMember.get(m.id)?.events ?? 0, uniqueVisitors: perMember.get(m.id)?.uniques ?? 0 }))
      .sort((a, b) => b.events - a.events || a.id.localeCompare(b.id));
    const daily = [];
    for (let day = range.from; day <= range.to; day += 1) {
      const row = perDay.get(day);
      daily.push({ date: dayIso(day), events: row?.events ?? 0, uniqueVisitors: row?.uniques ?? 0 });
    }
    const totals = {
      events: figures.reduce((n, m) => n + m.events, 0),
      uniqueVisitors: figures.reduce((n, m) => n + m.uniqueVisitors, 0),
    };
    const extras = await extrasOf(this.events, actor.accountId, ids, range, input, {
      scans: totals.events,
      uniqueVisitors: totals.uniqueVisitors,
    });
    return { ...windowOfRange(range), totals, daily, members: figures, ...extras };
  }
}
