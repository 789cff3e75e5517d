import { Type } from '@sinclair/typebox';
import { Nullable } from '../../../schemas.js';

/**
 * The parts every analytics answer over a window shares (a code's, a folder's, the account's): the
 * days, the daily series and the breakdowns, so the three read alike.
 */
export const Day = Type.String({ format: 'date', description: 'A day of the zone `tz`, YYYY-MM-DD.' });
export const Count = Type.Integer({ minimum: 0 });

const Breakdown = (description: string) =>
  Type.Array(Type.Object({ value: Nullable(Type.String({ description: 'null: not known.' })), scans: Count }), {
    description: `${description}, largest first (at most 100 values).`,
  });

export const Daily = Type.Array(Type.Object({ date: Day, scans: Count, uniqueVisitors: Count, excluded: Count }), {
  description:
    'One entry per day of the window, oldest first, days without scans included; `excluded`: automated and HEAD requests.',
});

const PLACES_NOTE =
  'Only scans whose place is known, counted from the version that added places on (earlier scans are in `countries` only), ' +
  'so the list may add up to less than the total; largest first (at most 100 values). Added within v1.';
const Country = Nullable(Type.String({ description: 'Two letters (ISO 3166-1); null: not known.' }));
const Place = (name: string) =>
  Type.String({
    description: `The ${name}'s name as the location source gives it (an IP database's English name, or a CDN header).`,
  });

export const Breakdowns = {
  countries: Breakdown('Scans per country (two letters)'),
  devices: Breakdown('Scans per device class (mobile, tablet, desktop, unknown)'),
  os: Breakdown('Scans per operating system'),
  browsers: Breakdown('Scans per browser'),
  placements: Breakdown('Scans per placement (the `p` parameter)'),
  regions: Type.Optional(
    Type.Array(Type.Object({ value: Place('region'), country: Country, scans: Count }), {
      description: `Scans per region (state, province), each with its country. ${PLACES_NOTE}`,
    }),
  ),
  cities: Type.Optional(
    Type.Array(
      Type.Object({
        value: Place('city'),
        region: Nullable(Type.String({ description: 'The region it lies in; null: not known.' })),
        country: Country,
        scans: Count,
      }),
      { description: `Scans per city, each with its region and country. ${PLACES_NOTE}` },
    ),
  ),
};

export const Excluded = Type.Integer({ minimum: 0, description: 'Automated and HEAD requests, not counted.' });

export const CodeFigures = Type.Object(
  {
    codeId: Type.String(),
    name: Type.String(),
    scans: Type.Integer(),
    uniqueVisitors: Type.Integer({ description: 'Sum of the daily unique visitors.' }),
  },
  { title: 'CodeFigures' },
);

/**
 * The range every analytics read takes: the last `days` days, or `from` and `to`, in the zone `tz`
 * (the account's by default). `maxDays` bounds `days`; a `from`-`to` range spans at most 3,660 days.
 */
export const rangeQuery = (maxDays: number) => ({
  days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: maxDays,
      description: 'Days up to and including today (default 30); not with from or to.',
    }),
  ),
  from: Type.Optional(
    Type.String({ format: 'date', maxLength: 10, description: 'First day, YYYY-MM-DD (to alone: 30 days up to to).' }),
  ),
  to: Type.Optional(
    Type.String({ format: 'date', maxLength: 10, description: 'Last day, inclusive (from alone: up to today).' }),
  ),
  tz: Type.Optional(
    Type.String({ maxLength: 64, description: "IANA time zone the days are days of (default the account's, itself UTC)." }),
  ),
});

/** What a read over a range may ask for beside its daily figures. */
export const extrasQuery = {
  interval: Type.Optional(
    Type.Union([Type.Literal('day'), Type.Literal('hour')], { description: '`hour` adds `hourly` (ranges of up to 7 days).' }),
  ),
  compare: Type.Optional(Type.Boolean({ description: 'Adds `previous`: the same days just before the range, and the change.' })),
  grid: Type.Optional(Type.Boolean({ description: 'Adds `grid`: scans per weekday and hour of the day.' })),
};

export const Zone = Type.String({ description: 'The IANA time zone whose days these are.' });

/** The extras of a read over a range, present when asked for. */
export const Extras = {
  hourly: Type.Optional(
    Type.Array(
      Type.Object({
        at: Type.String({ format: 'date-time', description: 'When the hour starts (UTC).' }),
        local: Type.String({ description: 'Its wall-clock time in the zone, YYYY-MM-DDTHH:MM.' }),
        scans: Count,
        uniqueVisitors: Count,
      }),
      { description: 'Every hour of the range in the zone, oldest first (interval=hour).' },
    ),
  ),
  grid: Type.Optional(
    Type.Array(Type.Array(Count), { description: 'Scans per weekday (7 rows, Monday first) and hour of the day (24 columns).' }),
  ),
  previous: Type.Optional(
    Type.Object(
      {
        from: Day,
        to: Day,
        totals: Type.Object({ scans: Count, uniqueVisitors: Count }),
        daily: Type.Array(Type.Object({ date: Day, scans: Count, uniqueVisitors: Count })),
        change: Type.Object(
          { scans: Nullable(Type.Number()), uniqueVisitors: Nullable(Type.Number()) },
          { description: 'This range against the previous one as a fraction (0.25: a quarter more); null when it had none.' },
        ),
      },
      { description: 'The same number of days just before the range (compare=true).' },
    ),
  ),
};
