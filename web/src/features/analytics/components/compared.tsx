import { formatNumber } from '../../../lib/format';
import { summariseChange } from '../api/change';
import { DayRange } from './figures';

/** A total's change on the period before: an arrow and words (never colour alone), then the earlier figure. */
export function Change({ change, previous, current }: { change: number | null; previous: number; current: number }) {
  const c = summariseChange(change, previous, current);
  return (
    <>
      <span class={`change change-${c.direction}`}>
        <span aria-hidden="true">{c.arrow} </span>
        {c.words}
      </span>
      <span class="muted total-hint">Period before: {formatNumber(previous)}</span>
    </>
  );
}

interface Previous {
  from: string;
  to: string;
  totals: { scans: number; uniqueVisitors: number };
  change: { scans: number | null; uniqueVisitors: number | null };
}

/** A total's comparison with the period before, for a card of Totals; nothing when the figures came without one. */
export const compared = (previous: Previous | undefined, key: 'scans' | 'uniqueVisitors', current: number) =>
  previous ? <Change change={previous.change[key]} previous={previous.totals[key]} current={current} /> : undefined;

/** Which days the period before covers, said once above the totals. */
export const PreviousPeriod = ({ previous }: { previous: Previous | undefined }) =>
  previous ? (
    <p class="muted compared-with">
      Compared with the period before: <DayRange from={previous.from} to={previous.to} />.
    </p>
  ) : null;
