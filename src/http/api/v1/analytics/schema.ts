import { Type } from '@sinclair/typebox';
import { DataEnvelope, Nullable } from '../../../schemas.js';

/**
 * GET /analytics/codes/{id} and POST /codes/{id}/clear-scans
 * (docs/adr/0034-analytics-api.md). Every figure comes from daily rollups; automated traffic and HEAD
 * requests are never counted (their number is given apart as `excluded`).
 */
export const CodeAnalyticsQuery = Type.Object(
  { days: Type.Integer({ minimum: 1, maximum: 3650, default: 30, description: 'UTC days up to and including today.' }) },
  { additionalProperties: false },
);

const Day = Type.String({ format: 'date', description: 'A UTC day, YYYY-MM-DD.' });
const Count = Type.Integer({ minimum: 0 });

const Breakdown = (description: string) =>
  Type.Array(Type.Object({ value: Nullable(Type.String({ description: 'null: not known.' })), scans: Count }), {
    description: `${description}, largest first (at most 100 values).`,
  });

export const CodeAnalytics = Type.Object(
  {
    codeId: Type.String(),
    days: Type.Integer(),
    from: Day,
    to: Day,
    totals: Type.Object({
      scans: Count,
      uniqueVisitors: Type.Integer({ minimum: 0, description: 'Sum of the daily unique visitors.' }),
      excluded: Type.Integer({ minimum: 0, description: 'Automated and HEAD requests, not counted.' }),
    }),
    daily: Type.Array(Type.Object({ date: Day, scans: Count, uniqueVisitors: Count, excluded: Count }), {
      description: 'One entry per day of the window, oldest first, days without scans included.',
    }),
    countries: Breakdown('Scans per country (two letters)'),
    devices: Breakdown('Scans per device class (mobile, tablet, desktop, unknown)'),
    os: Breakdown('Scans per operating system'),
    browsers: Breakdown('Scans per browser'),
    placements: Breakdown('Scans per placement (the `p` parameter)'),
  },
  { title: 'CodeAnalytics' },
);

export const ClearScansResult = Type.Object(
  { codeId: Type.String(), eventsRemoved: Type.Integer({ minimum: 0, description: 'Events destroyed.' }) },
  { title: 'ClearScansResult' },
);

export const CodeAnalyticsResponse = DataEnvelope(CodeAnalytics);
export const ClearScansResponse = DataEnvelope(ClearScansResult);
