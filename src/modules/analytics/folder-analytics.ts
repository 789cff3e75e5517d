/**
 * The seam between folders and the events pipeline. The folder side checks ownership and collects
 * the folder's codes; a source answers the figures for exactly those codes over the last `days` days,
 * automated traffic already excluded (it is never recorded as an event).
 */
export interface FolderAnalyticsQuery {
  accountId: string;
  /** Every code of the folder (archived ones included: their past scans still count). */
  codeIds: readonly string[];
  /** Window length in days, 1 to 365, ending now. */
  days: number;
}

export interface CodeFigures {
  codeId: string;
  scans: number;
  uniqueVisitors: number;
}

export interface FolderFigures {
  scans: number;
  /** Distinct visitors across the whole folder: a visitor of two of its codes counts once. */
  uniqueVisitors: number;
  /** One entry per code of `codeIds`; a code the source leaves out is reported with zeros. */
  codes: CodeFigures[];
}

export interface FolderAnalyticsSource {
  folderAnalytics(query: FolderAnalyticsQuery): Promise<FolderFigures>;
}
