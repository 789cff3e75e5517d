import type { DayRangeQuery } from '../api/analytics';
import { rangeParams } from '../api/range';

/** The address of a code's, link's or campaign's PDF report over `range`, through the session's route to the API. */
export const reportHref = (subject: 'codes' | 'links' | 'campaigns', id: string, range: DayRangeQuery): string =>
  `/app/api/v1/analytics/${subject}/${encodeURIComponent(id)}/report?${rangeParams(range).toString()}`;

/** Downloads the PDF report of what the figures show, over the same range: a file to send to a client. */
export function ReportLink({
  subject,
  id,
  range,
}: {
  subject: 'codes' | 'links' | 'campaigns';
  id: string;
  range: DayRangeQuery;
}) {
  return (
    // A named download: the router leaves it to the browser, which takes the server's file name before this one.
    <a class="btn btn-secondary" href={reportHref(subject, id, range)} download="qrelay-report.pdf">
      Download PDF report
    </a>
  );
}
