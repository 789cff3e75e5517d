import type { EventSource } from '../events/events.sink.js';
import type { CodesFigures } from './analytics.types.js';
import type { FolderAnalyticsQuery, FolderAnalyticsSource } from './folder-analytics.js';
import { rangeFigures, windowOfRange } from './range-figures.js';

/** The folder analytics source the rollups answer: the figures of given codes, per code and together. */
export class RollupFolderFigures implements FolderAnalyticsSource {
  constructor(private readonly events: EventSource) {}

  /** The figures of a folder's codes (the caller supplies them) over the range. */
  async folderAnalytics({ accountId, codeIds, range }: FolderAnalyticsQuery): Promise<CodesFigures> {
    const [perCode, { totals, ...series }] = await Promise.all([
      this.events.perTarget(accountId, codeIds, range.span()),
      rangeFigures(this.events, accountId, codeIds, range),
    ]);
    const codes = codeIds.map((codeId) => {
      const row = perCode.get(codeId);
      return { codeId, scans: row?.events ?? 0, uniqueVisitors: row?.uniques ?? 0 };
    });
    return { ...windowOfRange(range), ...totals, ...series, codes };
  }
}
