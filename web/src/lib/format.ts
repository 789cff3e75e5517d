const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const number = new Intl.NumberFormat();

export const formatDateTime = (iso: string | null | undefined, empty = '—'): string =>
  iso ? dateTime.format(new Date(iso)) : empty;
export const formatNumber = (value: number): string => number.format(value);
