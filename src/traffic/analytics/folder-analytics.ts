import type { WindowFigures } from './analytics.types.js';
import type { ZonedRange } from './range.js';

/**
 * The seam between folders and the events pipeline. The folder side checks ownership and collects
 * the folder's codes; a source answers the figures for exactly those codes over the range: per code,
 * and together as a daily series and breakdowns; automated traffic is counted apart, never as an event.
 */
export interface FolderAnalyticsQuery {
  accountId: string;
  /** Every code of the folder (archived ones included: their past scans still count). */
  codeIds: readonly string[];
  /** The days of a zone to read. */
  range: ZonedRange;
}

export interface CodeFigures {
  codeId: string;
  scans: number;
  uniqueVisitors: number;
}

export interface FolderFigures extends Omit<WindowFigures, 'totals'> {
  scans: number;
  /** Sum of each code's daily unique visitors. */
  uniqueVisitors: number;
  /** Automated and HEAD requests to the folder's codes, not counted. */
  excluded: number;
  /** One entry per code of `codeIds`; a code the source leaves out is reported with zeros. */
  codes: CodeFigures[];
}

export interface FolderAnalyticsSource {
  folderAnalytics(query: FolderAnalyticsQuery): Promise<FolderFigures>;
}
