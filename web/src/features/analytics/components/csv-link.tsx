import { exportHref, type DayRangeQuery, type ExportPart, type ExportSubject } from '../api/range';

/**
 * A link that downloads one part of the figures as CSV from the service over the range shown (the
 * session's cookie goes with it); `what` completes its name for a screen reader ("CSV of countries").
 */
export function CsvLink({
  subject,
  part,
  range,
  what,
}: {
  subject: ExportSubject;
  part: ExportPart;
  range: DayRangeQuery;
  what: string;
}) {
  return (
    // A named download: an empty `download` would let the router take the click as a page of its own.
    <a class="btn btn-secondary btn-small csv-link" href={exportHref(subject, part, range)} download={`qrelay-${part}.csv`}>
      CSV<span class="visually-hidden"> of {what}</span>
    </a>
  );
}
