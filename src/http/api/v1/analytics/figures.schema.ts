import { Type } from '@sinclair/typebox';
import { Nullable } from '../../../schemas.js';

/**
 * The parts every analytics answer over a window shares (a code's, a folder's, the account's): the
 * days, the daily series and the breakdowns, so the three read alike.
 */
export const Day = Type.String({ format: 'date', description: 'A UTC day, YYYY-MM-DD.' });
export const Count = Type.Integer({ minimum: 0 });

const Breakdown = (description: string) =>
  Type.Array(Type.Object({ value: Nullable(Type.String({ description: 'null: not known.' })), scans: Count }), {
    description: `${description}, largest first (at most 100 values).`,
  });

export const Daily = Type.Array(Type.Object({ date: Day, scans: Count, uniqueVisitors: Count, excluded: Count }), {
  description:
    'One entry per day of the window, oldest first, days without scans included; `excluded`: automated and HEAD requests.',
});

export const Breakdowns = {
  countries: Breakdown('Scans per country (two letters)'),
  devices: Breakdown('Scans per device class (mobile, tablet, desktop, unknown)'),
  os: Breakdown('Scans per operating system'),
  browsers: Breakdown('Scans per browser'),
  placements: Breakdown('Scans per placement (the `p` parameter)'),
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
