import { dayIso } from '../events/events.types.js';
import type { EventSource } from '../events/events.sink.js';
import { BREAKDOWN_KEYS, BREAKDOWN_LIMIT, type WindowFigures } from './analytics.types.js';

/**
 * The figures of a set of targets (one code, a folder's codes, every code of the account) over the
 * days `from` to `to`, from the rollups only: totals, a zero-filled daily series with the automated
 * requests excluded, and the breakdowns. Unique visitors are sums of daily uniques per target.
 */
export async function windowFigures(
  events: EventSource,
  accountId: string,
  targetIds: readonly string[],
  from: number,
  to: number,
): Promise<WindowFigures> {
  const [byDay, breakdowns, excluded] = await Promise.all([
    events.daysOf(accountId, targetIds, from, to),
    events.breakdowns(accountId, targetIds, from, to),
    events.excluded(accountId, targetIds, from, to),
  ]);
  const daily = [];
  for (let day = from; day <= to; day += 1) {
    const row = byDay.get(day);
    daily.push({
      date: dayIso(day),
      scans: row?.events ?? 0,
      uniqueVisitors: row?.uniques ?? 0,
      excluded: excluded.get(day) ?? 0,
    });
  }
  const figures: WindowFigures = {
    totals: {
      scans: daily.reduce((n, d) => n + d.scans, 0),
      uniqueVisitors: daily.reduce((n, d) => n + d.uniqueVisitors, 0),
      excluded: daily.reduce((n, d) => n + d.excluded, 0),
    },
    daily,
    countries: [],
    devices: [],
    os: [],
    browsers: [],
    placements: [],
  };
  for (const b of breakdowns) {
    const list = figures[BREAKDOWN_KEYS[b.dimension]];
    if (list.length < BREAKDOWN_LIMIT) list.push({ value: b.value === '' ? null : b.value, count: b.events });
  }
  return figures;
}
