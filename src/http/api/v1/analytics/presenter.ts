import type { Static } from '@sinclair/typebox';
import type { Breakdown, CodeAnalytics, FolderAnalytics } from '../../../../modules/events/events.service.js';
import type { ClearScansResult, CodeAnalytics as CodeAnalyticsJson, FolderAnalytics as FolderAnalyticsJson } from './schema.js';

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

export function presentFolderAnalytics(folderId: string, a: FolderAnalytics): Static<typeof FolderAnalyticsJson> {
  return { folderId, days: a.days, from: a.from, to: a.to, scans: a.scans, uniqueVisitors: a.uniqueVisitors, codes: a.codes };
}

export function presentClearScans(codeId: string, removed: number): Static<typeof ClearScansResult> {
  return { codeId, eventsRemoved: removed };
}
