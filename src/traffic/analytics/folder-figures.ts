import type { Clock } from '../../lib/clock.js';
import { dayIso } from '../events/events.types.js';
import type { EventSource } from '../events/events.sink.js';
import { bounded, windowOf, type CodesFigures } from './analytics.types.js';
import type { FolderAnalyticsQuery, FolderAnalyticsSource } from './folder-analytics.js';
import { windowFigures } from './window-figures.js';

/** The folder analytics source the rollups answer: the figures of given codes, per code and together. */
export class RollupFolderFigures implements FolderAnalyticsSource {
  constructor(
    private readonly events: EventSource,
    private readonly clock: Clock,
  ) {}

  /** The figures of a folder's codes (the caller supplies them) over the last `days` days. */
  async folderAnalytics(input: FolderAnalyticsQuery): Promise<CodesFigures> {
    const days = bounded(input.days, 30, 1, 365, 'days');
    const { from, to } = windowOf(this.clock, days);
    const [perCode, { totals, ...series }] = await Promise.all([
      this.events.perTarget(input.accountId, input.codeIds, from, to),
      windowFigures(this.events, input.accountId, input.codeIds, from, to),
    ]);
    const codes = input.codeIds.map((codeId) => {
      const row = perCode.get(codeId);
      return { codeId, scans: row?.events ?? 0, uniqueVisitors: row?.uniques ?? 0 };
    });
    return { days, from: dayIso(from), to: dayIso(to), ...totals, ...series, codes };
  }
}
