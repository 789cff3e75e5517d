const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const number = new Intl.NumberFormat();

export const formatDateTime = (iso: string | null | undefined, empty = '—'): string =>
  iso ? dateTime.format(new Date(iso)) : empty;
export const formatNumber = (value: number): string => number.format(value);
/** A count with its noun, singular for one: "1 scan", "2,048 scans". */
export const formatCount = (value: number, one: string, many: string): string =>
  `${number.format(value)} ${value === 1 ? one : many}`;
/** A UTC calendar day (a month's start, a window's end), shown without a time of day. */
export const formatDay = (iso: string): string => date.format(new Date(iso));
