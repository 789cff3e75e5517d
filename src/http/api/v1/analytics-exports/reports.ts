import { Type, type Static } from '@sinclair/typebox';
import type { Report } from '../../../../traffic/index.js';
import { IdParams, responses } from '../../../schemas.js';
import { rangeQuery } from '../analytics/figures.schema.js';
import { actor, type ApiRoutes } from '../context.js';
import { declareRoutes } from '../route.js';

const route = declareRoutes(['analytics']);

const ReportQuery = Type.Object(rangeQuery(3650), { additionalProperties: false });
type Query = Static<typeof ReportQuery>;

const PDF = {
  200: Type.Unsafe({
    description: 'The report: one A4 page, its text selectable, its charts vector shapes.',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  }),
};

const DESCRIPTION =
  'over the same range as its analytics (`days`, or `from`/`to` in `tz`): the totals and unique visitors against the previous period of equal length, the daily series as a chart, and the top countries, devices, operating systems and browsers. A PDF to send to someone without an account; automated traffic is not counted.';

const SUBJECTS = [
  ['codes', 'getCodeReport', "A code's analytics report as PDF (addition within v1)", 'A code’s scans'],
  ['links', 'getLinkReport', "A short link's analytics report as PDF (addition within v1)", 'A short link’s clicks'],
  [
    'campaigns',
    'getCampaignReport',
    "A campaign's analytics report as PDF (addition within v1)",
    'A campaign’s events over all its members',
  ],
] as const;

/** Analytics reports as PDF files: bytes, not JSON, so declared here rather than in the catalog. */
export const analyticsReportRoutes: ApiRoutes = async (app, { services, guard }) => {
  for (const [subject, operationId, summary, what] of SUBJECTS) {
    app.get<{ Params: Static<typeof IdParams>; Querystring: Query }>(
      `/analytics/${subject}/:id/report`,
      route(guard({ scope: 'analytics:read', metered: true }), operationId, summary, {
        description: `${what} ${DESCRIPTION}`,
        params: IdParams,
        querystring: ReportQuery,
        response: responses(PDF, [400, 404]),
      }),
      async (request, reply) => {
        const person = actor(request);
        const { id } = request.params;
        const { reports } = services.traffic;
        const report: Report =
          subject === 'campaigns'
            ? await reports.campaign(person, id, request.query)
            : await reports.code(person, id, request.query, subject === 'links' ? 'link' : 'code');
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="${report.filename}"`)
          .header('Cache-Control', 'private, no-store')
          .send(Buffer.from(report.pdf.buffer, report.pdf.byteOffset, report.pdf.byteLength));
      },
    );
  }
};
