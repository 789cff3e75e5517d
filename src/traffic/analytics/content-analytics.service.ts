import { foundById } from '../../lib/found.js';
import type { ContentKind, ContentLookup } from '../../content/index.js';
import { assertCan, type Person } from '../../platform/index.js';
import type { EventSource } from '../events/events.sink.js';
import { dailyOf, windowOfRange, type RangeReader } from './range-figures.js';
import type { RangeInput } from './range.js';

const VIEW: Record<ContentKind, string> = { form: 'form_view', page: 'page_view', card: 'card_view' };

export interface ContentAnalytics {
  days: number;
  from: string;
  to: string;
  tz: string;
  /** Human views (robots and HEAD excluded, as for scans). */
  views: number;
  /** The sum of daily unique visitors (who viewed or sent something). */
  uniqueVisitors: number;
  /** Forms: accepted submissions; null for pages and cards. */
  submissions: number | null;
  /** Forms: submissions per view, 0 to 1 (null with no view); null for pages and cards. */
  conversionRate: number | null;
}

/**
 * A form's, page's or card's figures over a range of days in the account's zone (`days` 1 to 3650, default 30), for an
 * actor with analytics:read, of their account's content only (views are the content's own
 * figure, never mixed with the scans that led to them).
 */
export class ContentAnalyticsService {
  constructor(private readonly deps: { events: EventSource; contents: ContentLookup; ranges: RangeReader }) {}

  async of(actor: Person, kind: ContentKind, id: string, input: RangeInput = {}): Promise<ContentAnalytics> {
    assertCan(actor, 'analytics:read');
    const content = await foundById(kind, id, (id) => this.deps.contents.findInAccount(actor.accountId, kind, id));
    const range = await this.deps.ranges.range(actor.accountId, input, 3650);
    const [types, rows] = await Promise.all([
      this.deps.events.countByType(actor.accountId, content.id, range.span()),
      dailyOf(this.deps.events, actor.accountId, [content.id], range),
    ]);
    const views = types.get(VIEW[kind]) ?? 0;
    const submissions = kind === 'form' ? (types.get('form_submit') ?? 0) : null;
    return {
      ...windowOfRange(range),
      views,
      uniqueVisitors: [...rows.values()].reduce((n, r) => n + r.uniques, 0),
      submissions,
      conversionRate: submissions === null || views === 0 ? null : Math.min(1, submissions / views),
    };
  }
}
