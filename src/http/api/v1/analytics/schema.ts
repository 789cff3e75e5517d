import { Type } from '@sinclair/typebox';
import { DataEnvelope } from '../../../schemas.js';
import { Breakdowns, CodeFigures, Count, Daily, Day, Excluded, Extras, extrasQuery, rangeQuery, Zone } from './figures.schema.js';

/**
 * GET /analytics/codes/{id} and POST /codes/{id}/clear-scans
 * Every figure comes from daily rollups; automated traffic and HEAD
 * requests are never counted (their number is given apart as `excluded`).
 */
export const CodeAnalyticsQuery = Type.Object({ ...rangeQuery(3650), ...extrasQuery }, { additionalProperties: false });

export const CodeAnalytics = Type.Object(
  {
    codeId: Type.String(),
    days: Type.Integer(),
    from: Day,
    to: Day,
    tz: Zone,
    totals: Type.Object({
      scans: Count,
      uniqueVisitors: Type.Integer({ minimum: 0, description: 'Sum of the daily unique visitors.' }),
      excluded: Excluded,
    }),
    daily: Daily,
    ...Breakdowns,
    ...Extras,
  },
  { title: 'CodeAnalytics' },
);

export const ClearScansResult = Type.Object(
  { codeId: Type.String(), eventsRemoved: Type.Integer({ minimum: 0, description: 'Events destroyed.' }) },
  { title: 'ClearScansResult' },
);

export const AccountAnalyticsQuery = Type.Object({ ...rangeQuery(365), ...extrasQuery }, { additionalProperties: false });

export const AccountAnalytics = Type.Object(
  {
    days: Type.Integer(),
    from: Day,
    to: Day,
    tz: Zone,
    totals: Type.Object({
      scans: Count,
      uniqueVisitors: Type.Integer({ minimum: 0, description: "Sum of each code's daily unique visitors." }),
      excluded: Excluded,
    }),
    daily: Daily,
    ...Breakdowns,
    ...Extras,
    codeCount: Type.Integer({ minimum: 0, description: 'Codes in the account, archived ones included.' }),
    topCodes: Type.Array(CodeFigures, {
      description: 'The most scanned codes of the window (at most 10; only codes scanned in it), most scanned first.',
    }),
  },
  { title: 'AccountAnalytics' },
);

export const AccountAnalyticsResponse = DataEnvelope(AccountAnalytics);
export const CodeAnalyticsResponse = DataEnvelope(CodeAnalytics);
export const ClearScansResponse = DataEnvelope(ClearScansResult);
