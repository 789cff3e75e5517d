import { Type, type TSchema } from '@sinclair/typebox';
import { DataEnvelope } from '../../../schemas.js';
import { Breakdowns, CodeFigures, Count, Daily, Day, Excluded } from './figures.schema.js';

/**
 * GET /analytics/codes/{id} and POST /codes/{id}/clear-scans
 * Every figure comes from daily rollups; automated traffic and HEAD
 * requests are never counted (their number is given apart as `excluded`).
 */
export const CodeAnalyticsQuery = Type.Object(
  { days: Type.Integer({ minimum: 1, maximum: 3650, default: 30, description: 'UTC days up to and including today.' }) },
  { additionalProperties: false },
);

export const CodeAnalytics = Type.Object(
  {
    codeId: Type.String(),
    days: Type.Integer(),
    from: Day,
    to: Day,
    totals: Type.Object({
      scans: Count,
      uniqueVisitors: Type.Integer({ minimum: 0, description: 'Sum of the daily unique visitors.' }),
      excluded: Excluded,
    }),
    daily: Daily,
    ...Breakdowns,
  },
  { title: 'CodeAnalytics' },
);

/** The schema with every property `scans` named `clicks`, and `codeId` `linkId`: a link's figures. */
function asClicks(schema: TSchema, title: string): TSchema {
  const name = (key: string) => (key === 'scans' ? 'clicks' : key === 'codeId' ? 'linkId' : key);
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string | symbol, unknown> = {};
    for (const key of Reflect.ownKeys(node)) {
      const value = (node as Record<string | symbol, unknown>)[key];
      if (key === 'properties')
        out[key] = Object.fromEntries(Object.entries(value as object).map(([k, v]) => [name(k), walk(v)]));
      else if (key === 'required') out[key] = (value as string[]).map(name);
      else if (key === 'description' && typeof value === 'string')
        out[key] = value.replace(/scans/g, 'clicks').replace(/Scans/g, 'Clicks');
      else out[key] = walk(value);
    }
    return out;
  };
  return { ...(walk(schema) as TSchema), title };
}

/** GET /analytics/links/{id}: a code's figures, counting `clicks`. */
export const LinkAnalytics = asClicks(CodeAnalytics, 'LinkAnalytics');

export const ClearScansResult = Type.Object(
  { codeId: Type.String(), eventsRemoved: Type.Integer({ minimum: 0, description: 'Events destroyed.' }) },
  { title: 'ClearScansResult' },
);

export const AccountAnalyticsQuery = Type.Object(
  { days: Type.Integer({ minimum: 1, maximum: 365, default: 30, description: 'UTC days up to and including today.' }) },
  { additionalProperties: false },
);

export const AccountAnalytics = Type.Object(
  {
    days: Type.Integer(),
    from: Day,
    to: Day,
    totals: Type.Object({
      scans: Count,
      uniqueVisitors: Type.Integer({ minimum: 0, description: "Sum of each code's daily unique visitors." }),
      excluded: Excluded,
    }),
    daily: Daily,
    ...Breakdowns,
    codeCount: Type.Integer({ minimum: 0, description: 'Codes in the account, archived ones included.' }),
    topCodes: Type.Array(CodeFigures, {
      description: 'The most scanned codes of the window (at most 10; only codes scanned in it), most scanned first.',
    }),
  },
  { title: 'AccountAnalytics' },
);

export const AccountAnalyticsResponse = DataEnvelope(AccountAnalytics);
export const CodeAnalyticsResponse = DataEnvelope(CodeAnalytics);
export const LinkAnalyticsResponse = DataEnvelope(LinkAnalytics);
export const ClearScansResponse = DataEnvelope(ClearScansResult);
