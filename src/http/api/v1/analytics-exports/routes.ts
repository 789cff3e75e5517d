import { Type, type Static } from '@sinclair/typebox';
import type { FiguresOptions } from '../../../../traffic/index.js';
import { IdParams, responses, StringEnum } from '../../../schemas.js';
import { rangeQuery } from '../analytics/figures.schema.js';
import { actor, type ApiRoutes } from '../context.js';
import { declareRoutes } from '../route.js';
import { CSV_PARTS, figuresCsv, type CsvPart } from './csv.js';

const route = declareRoutes(['analytics']);

const ExportQuery = Type.Object(
  {
    part: StringEnum(CSV_PARTS, {
      description:
        'Which part: the daily or hourly series, the grid, or a breakdown (`regions` and `cities`, added within v1, name where each lies).',
    }),
    ...rangeQuery(3650),
  },
  { additionalProperties: false },
);
const CSV = {
  200: Type.Unsafe({
    description: 'The part as CSV, a header row first.',
    content: { 'text/csv': { schema: { type: 'string' } } },
  }),
};

/** What a part needs asked of the figures beside the days. */
const optionsFor = (part: CsvPart, query: Static<typeof ExportQuery>): FiguresOptions => {
  const { part: _part, ...range } = query;
  return { ...range, ...(part === 'hourly' && { interval: 'hour' as const }), ...(part === 'grid' && { grid: true }) };
};

/** The analytics as CSV files: text, not JSON, so declared here rather than in the catalog. */
export const analyticsExportRoutes: ApiRoutes = async (app, { services, guard }) => {
  const send = (reply: { header(k: string, v: string): unknown; send(body: string): unknown }, name: string, csv: string) => {
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${name}.csv"`);
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(csv);
  };
  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof ExportQuery> }>(
    '/analytics/codes/:id/export',
    route(
      guard({ scope: 'analytics:read', metered: true }),
      'exportCodeAnalytics',
      "A code's analytics as CSV (addition within v1)",
      {
        description: 'One part of `GET /analytics/codes/{id}` over the same range, as CSV.',
        params: IdParams,
        querystring: ExportQuery,
        response: responses(CSV, [400, 404]),
      },
    ),
    async (request, reply) => {
      const { part } = request.query;
      const figures = await services.traffic.scanHistory.analytics(
        actor(request),
        request.params.id,
        optionsFor(part, request.query),
      );
      return send(
        reply,
        `qrelay-code-${request.params.id.slice(0, 8)}-${part}-${figures.from}-${figures.to}`,
        figuresCsv(figures, part),
      );
    },
  );
  app.get<{ Querystring: Static<typeof ExportQuery> }>(
    '/analytics/account/export',
    route(
      guard({ scope: 'analytics:read', metered: true }),
      'exportAccountAnalytics',
      "The account's analytics as CSV (addition within v1)",
      {
        description: 'One part of `GET /analytics/account` over the same range, as CSV.',
        querystring: ExportQuery,
        response: responses(CSV),
      },
    ),
    async (request, reply) => {
      const { part } = request.query;
      const figures = await services.traffic.analytics.accountAnalytics(actor(request), optionsFor(part, request.query));
      return send(reply, `qrelay-account-${part}-${figures.from}-${figures.to}`, figuresCsv(figures, part));
    },
  );
};
