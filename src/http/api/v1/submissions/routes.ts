import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import { IdParams, responses } from '../../../schemas.js';
import { DeletedResponse } from '../content/schema.js';
import { actor, type ApiRoutes } from '../context.js';
import { ListSubmissionsQuery, SubmissionListResponse } from './schema.js';

const tags = ['submissions'];

/** Form submissions: they hold customers' own details, so they are read with forms:read only. */
export const submissionsRoutes: ApiRoutes = async (plugin, { services, guard, present }) => {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/submissions',
    {
      onRequest: guard({ scope: 'forms:read', metered: true }),
      schema: {
        operationId: 'listSubmissions',
        summary: 'Form submissions with their answers, newest first',
        description: 'Automated traffic never produces a submission. `formId` of another account is a 404.',
        tags,
        querystring: ListSubmissionsQuery,
        response: responses({ 200: SubmissionListResponse }, [404]),
      },
    },
    async (request) => {
      const { limit, formId } = request.query as Static<typeof ListSubmissionsQuery>;
      const list = await services.submissions.list(actor(request), 'submission', { limit, contentId: formId });
      return { data: list.map(present.submission) };
    },
  );

  app.delete(
    '/submissions/:id',
    {
      onRequest: guard({ scope: 'forms:write', metered: true }),
      schema: {
        operationId: 'deleteSubmission',
        summary: 'Delete a submission (addition within v1)',
        description: 'For a customer who asks for their details to be removed. This cannot be undone.',
        tags,
        params: IdParams,
        response: responses({ 200: DeletedResponse }, [404]),
      },
    },
    async (request) => {
      await services.submissions.delete(actor(request), 'submission', request.params.id);
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );
};
