import type { Static } from '@sinclair/typebox';
import type {
  AccountAnalytics,
  Breakdown,
  CodeAnalytics,
  FiguresExtras,
  NamedCodeFigures,
  WindowFigures,
} from '../../../../traffic/index.js';
import type { AccountAnalytics as AccountAnalyticsJson, ClearScansResult, CodeAnalytics as CodeAnalyticsJson } from './schema.js';

const breakdown = (list: Breakdown[]) => list.map((b) => ({ value: b.value, scans: b.count }));

/** The window's daily series and breakdowns, as every analytics answer gives them. */
export const presentSeries = (a: Omit<WindowFigures, 'totals'>) => ({
  daily: a.daily.map((d) => ({ date: d.date, scans: d.scans, uniqueVisitors: d.uniqueVisitors, excluded: d.excluded })),
  countries: breakdown(a.countries),
  devices: breakdown(a.devices),
  os: breakdown(a.os),
  browsers: breakdown(a.browsers),
  placements: breakdown(a.placements),
  regions: a.regions.map((r) => ({ value: r.value, country: r.country, scans: r.count })),
  cities: a.cities.map((c) => ({ value: c.value, region: c.region, country: c.country, scans: c.count })),
});

export const presentCodeFigures = (c: NamedCodeFigures) => ({
  codeId: c.codeId,
  name: c.name,
  scans: c.scans,
  uniqueVisitors: c.uniqueVisitors,
});

/** The hourly series, grid and comparison, when the read asked for them. */
export const presentExtras = (a: FiguresExtras) => ({
  ...(a.hourly && {
    hourly: a.hourly.map((h) => ({ at: h.at, local: h.local, scans: h.scans, uniqueVisitors: h.uniqueVisitors })),
  }),
  ...(a.grid && { grid: a.grid.map((row) => [...row]) }),
  ...(a.previous && {
    previous: {
      from: a.previous.from,
      to: a.previous.to,
      totals: { scans: a.previous.totals.scans, uniqueVisitors: a.previous.totals.uniqueVisitors },
      daily: a.previous.daily.map((d) => ({ date: d.date, scans: d.scans, uniqueVisitors: d.uniqueVisitors })),
      change: { scans: a.previous.change.scans, uniqueVisitors: a.previous.change.uniqueVisitors },
    },
  }),
});

export function presentCodeAnalytics(codeId: string, a: CodeAnalytics): Static<typeof CodeAnalyticsJson> {
  return {
    codeId,
    days: a.days,
    from: a.from,
    to: a.to,
    tz: a.tz,
    totals: a.totals,
    ...presentSeries(a),
    ...presentExtras(a),
  };
}

/** A link's figures: a code's, with `clicks` where a code's says `scans`. */
export function presentLinkAnalytics(linkId: string, a: CodeAnalytics): unknown {
  const { codeId: _codeId, ...figures } = presentCodeAnalytics(linkId, a);
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key === 'scans' ? 'clicks' : key, walk(value)]));
  };
  return { linkId, ...(walk(figures) as object) };
}

export function presentAccountAnalytics(a: AccountAnalytics): Static<typeof AccountAnalyticsJson> {
  return {
    days: a.days,
    from: a.from,
    to: a.to,
    tz: a.tz,
    totals: a.totals,
    ...presentSeries(a),
    ...presentExtras(a),
    codeCount: a.codeCount,
    topCodes: a.topCodes.map(presentCodeFigures),
  };
}

export function presentClearScans(codeId: string, removed: number): Static<typeof ClearScansResult> {
  return { codeId, eventsRemoved: removed };
}
