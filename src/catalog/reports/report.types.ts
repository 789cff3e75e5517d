/** A value of a breakdown (null: not known) and how many it counted. */
export interface ReportRow {
  value: string | null;
  count: number;
}

/** What a report is of: a code, a short link or a campaign (its members together). */
export type ReportSubject = 'code' | 'link' | 'campaign';

/** A count and its unique visitors (summed per day). */
export interface ReportTotals {
  count: number;
  uniqueVisitors: number;
}

/** Everything a report shows, read before it is drawn (plain data: the drawing reads nothing else). */
export interface ReportFigures {
  subject: ReportSubject;
  name: string;
  /** The range: its first and last day (YYYY-MM-DD, inclusive), its length and the zone they are days of. */
  from: string;
  to: string;
  days: number;
  tz: string;
  /** What is counted: a code's scans, a link's clicks, a campaign's events (scans, clicks, views, submissions). */
  unit: 'scans' | 'clicks' | 'events';
  totals: ReportTotals;
  /** The same number of days just before the range, its count per day, and the change to this one as a fraction (null from 0). */
  previous: {
    from: string;
    to: string;
    totals: ReportTotals;
    daily: number[];
    change: { count: number | null; uniqueVisitors: number | null };
  };
  /** One entry per day of the range, oldest first, days without any included. */
  daily: { date: string; count: number }[];
  countries: ReportRow[];
  devices: ReportRow[];
  os: ReportRow[];
  browsers: ReportRow[];
  /** When the report was made, epoch milliseconds. */
  generatedAt: number;
}

/** What draws a report (the imaging threads). */
export interface ReportPainter {
  /** The report as a one-page A4 PDF. */
  drawReport(figures: ReportFigures): Promise<Uint8Array>;
}
