import type { Static } from '@sinclair/typebox';
import type { Breakdown, CodeAnalytics } from '../../../../modules/analytics/analytics.types.js';
import type { ClearScansResult, CodeAnalytics as CodeAnalyticsJson } from './schema.js';

const breakdown = (list: Breakdown[]) => list.map((b) => ({ value: b.value, scans: b.count }));

export function presentCodeAnalytics(codeId: string, a: CodeAnalytics): Static<typeof CodeAnalyticsJson> {
  return {
    codeId,
    days: a.days,
    from: a.from,
    to: a.to,
    totals: a.totals,
    daily: a.daily,
    countries: breakdown(a.countries),
    devices: breakdown(a.devices),
    os: breakdown(a.os),
    browsers: breakdown(a.browsers),
    placements: breakdown(a.placements),
  };
}

export function presentClearScans(codeId: string, removed: number): Static<typeof ClearScansResult> {
  return { codeId, eventsRemoved: removed };
}
