import type { TSchema } from '@sinclair/typebox';
import type { Submission as Reply, SubmissionKind } from '../../../../content/index.js';
import type { Scope } from '../../../../platform/index.js';
import { IdParams, responses } from '../../../schemas.js';
import { DeletedResponse } from '../content/schema.js';
import { actor, type ApiContext, type ApiRoutes } from '../context.js';
import { EnquiriesQuery, EnquiryListResponse, SubmissionListResponse, SubmissionsQuery } from './schema.js';
import { declareRoutes } from '../route.js';

interface RepliesResource {
  path: 'submissions' | 'enquiries';
  kind: SubmissionKind;
  noun: 'Submission' | 'Enquiry';
  plural: 'forms' | 'cards';
  filter: 'formId' | 'cardId';
  list: TSchema;
  query: TSchema;
  summary: string;
  present(context: ApiContext): (reply: Reply) => unknown;
}

/**
 * Replies sent through hosted content, read with the content's read scope and deleted with its write
 * scope. They hold customers' own details: never logged, deleted on request.
 */
const repliesRoutes =
  (resource: RepliesResource): ApiRoutes =>
  async (app, context) => {
    const { services, guard } = context;
    const { path, kind, noun, filter } = resource;
    const route = declareRoutes([path]);
    const show = resource.present(context);

    app.get(
      `/${path}`,
      route(
        guard({ scope: `${resource.plural}:read` as Scope, metered: true }),
        `list${noun === 'Enquiry' ? 'Enquiries' : 'Submissions'}`,
        resource.summary,
        {
          description: `Automated traffic never produces one. A \`${filter}\` of another account is a 404.`,
          querystring: resource.query,
          response: responses({ 200: resource.list }, [404]),
        },
      ),
      async (request) => {
        const query = request.query as { limit: number } & Partial<Record<typeof filter, string>>;
        const list = await services.content.submissions.list(actor(request), kind, {
          limit: query.limit,
          contentId: query[filter],
        });
        return { data: list.map(show) };
      },
    );

    app.delete(
      `/${path}/:id`,
      route(
        guard({ scope: `${resource.plural}:write` as Scope, metered: true }),
        `delete${noun}`,
        `Delete one (addition within v1)`,
        {
          description: 'For a customer who asks for their details to be removed. This cannot be undone.',
          params: IdParams,
          response: responses({ 200: DeletedResponse }, [404]),
        },
      ),
      async (request) => {
        await services.content.submissions.delete(actor(request), kind, request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );
  };

export const submissionsRoutes = repliesRoutes({
  path: 'submissions',
  kind: 'submission',
  noun: 'Submission',
  plural: 'forms',
  filter: 'formId',
  list: SubmissionListResponse,
  query: SubmissionsQuery,
  summary: 'Form submissions with their answers, newest first',
  present: ({ present }) => present.submission,
});

export const enquiriesRoutes = repliesRoutes({
  path: 'enquiries',
  kind: 'enquiry',
  noun: 'Enquiry',
  plural: 'cards',
  filter: 'cardId',
  list: EnquiryListResponse,
  query: EnquiriesQuery,
  summary: 'Enquiries sent through card pages, newest first (addition within v1)',
  present: ({ present }) => present.enquiry,
});
