import { HOUR_RANGE_DAYS, hoursAllowed, type DayRangeQuery, type Interval } from '../api/range';

/** Days or hours on the chart; hours only for ranges of up to a week, said so otherwise. */
export function IntervalSwitch({
  range,
  interval,
  onChange,
}: {
  range: DayRangeQuery;
  interval: Interval;
  onChange: (next: Interval) => void;
}) {
  if (!hoursAllowed(range))
    return <p class="muted interval-note">By day. Hours are shown for ranges of up to {HOUR_RANGE_DAYS} days.</p>;
  return (
    <fieldset class="segmented">
      <legend class="visually-hidden">Chart by</legend>
      {(
        [
          ['day', 'By day'],
          ['hour', 'By hour'],
        ] as const
      ).map(([value, label]) => (
        <label key={value} class={interval === value ? 'segment segment-on' : 'segment'}>
          <input type="radio" name="interval" value={value} checked={interval === value} onChange={() => onChange(value)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
