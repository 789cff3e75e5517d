/**
 * Calendar arithmetic in IANA time zones, on the runtime's own zone database (Intl), in whole minutes.
 * Days are numbered as `dayOf` numbers them (days since 1970-01-01), so a zone's day D is the date
 * whose UTC day is D, wherever it starts.
 */

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the runtime knows the zone (an IANA name such as `Europe/Berlin`, or `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

let spellings: Map<string, string> | undefined;

/**
 * The zone's usual spelling (`asia/kathmandu` gives `Asia/Kathmandu`, `utc` gives `UTC`), for a zone
 * isTimeZone accepts; a name the runtime's list does not hold (an alias) is kept as given.
 */
export function canonicalZone(zone: string): string {
  spellings ??= new Map(['UTC', ...Intl.supportedValuesOf('timeZone')].map((z) => [z.toLowerCase(), z]));
  return spellings.get(zone.toLowerCase()) ?? zone;
}

/** Minutes the zone's clocks are ahead of UTC at the instant `ms`. */
export function offsetAt(ms: number, zone: string): number {
  if (zone === 'UTC') return 0;
  // "1/2/2026, GMT+05:45" (or "GMT" for no offset): the name is the cheapest part to read.
  const text = formatter(zone).format(ms);
  const m = /GMT([+-])(\d\d):(\d\d)/.exec(text);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/** The zone's day (a day number) at the instant `ms`. */
export function zoneDayOf(ms: number, zone: string): number {
  return Math.floor((ms + offsetAt(ms, zone) * MINUTE_MS) / DAY_MS);
}

/**
 * The first instant of the zone's day `day`: its local midnight, or, where the clocks jump over
 * midnight, the first minute that exists that day. `step` is the resolution searched (minutes).
 */
export function startOfDay(day: number, zone: string, step = 15): number {
  const midnight = day * DAY_MS;
  let t = midnight - offsetAt(midnight, zone) * MINUTE_MS;
  t = midnight - offsetAt(t, zone) * MINUTE_MS;
  const stepMs = step * MINUTE_MS;
  // A day starting in a gap or twice (a change at midnight) is found by walking to its first step.
  while (zoneDayOf(t, zone) < day) t += stepMs;
  while (zoneDayOf(t - stepMs, zone) >= day) t -= stepMs;
  return t;
}

/** A stretch of time over which the zone keeps one offset: [from, to) in ms, the offset in minutes. */
export interface ZoneStretch {
  from: number;
  to: number;
  offset: number;
}

/** How far apart the offset is probed for changes: no zone changes its clocks twice within it. */
const PROBE_MS = 7 * DAY_MS;

/**
 * The instants [from, to) cut where the zone's offset changes, at `step` minutes' resolution (every
 * zone's changes fall on a quarter of an hour; `from` is on a step). The offset is probed a week
 * apart and each change found by halving.
 */
export function stretches(from: number, to: number, zone: string, step = 15): ZoneStretch[] {
  const out: ZoneStretch[] = [];
  if (from >= to) return out;
  const stepMs = step * MINUTE_MS;
  let start = from;
  let offset = offsetAt(from, zone);
  for (let probe = from; probe < to;) {
    const next = Math.min(probe + PROBE_MS, to);
    // The last instant looked at: the next probe, or the range's last step.
    const last = next < to ? next : Math.max(probe, to - stepMs);
    if (offsetAt(last, zone) !== offset) {
      // The first step in (probe, last] with the new offset.
      let lo = probe;
      let hi = last;
      while (hi - lo > stepMs) {
        const mid = lo + Math.floor((hi - lo) / 2 / stepMs) * stepMs;
        if (offsetAt(mid, zone) === offset) lo = mid;
        else hi = mid;
      }
      out.push({ from: start, to: hi, offset });
      start = hi;
      offset = offsetAt(hi, zone);
      probe = hi;
      continue;
    }
    probe = next;
  }
  out.push({ from: start, to, offset });
  return out;
}
