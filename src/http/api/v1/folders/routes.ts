import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams, responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import {
  CreateFolderBody,
  DeletedFolderResponse,
  FolderAnalyticsQuery,
  FolderAnalyticsResponse,
  FolderListResponse,
  FolderResponse,
  UpdateFolderBody,
} from './schema.js';

const tags = ['folders'];

export const foldersRoutes: ApiRoutes = async (plugin, { services, guard, present }) => {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const read = guard({ scope: 'codes:read', metered: true });
  const write = guard({ scope: 'codes:write', metered: true });

  app.get(
    '/folders',
    {
      onRequest: read,
      schema: {
        operationId: 'listFolders',
        summary: 'List folders',
        description: 'Ordered by name, case-insensitively, each with its number of live (not archived) codes.',
        tags,
        response: responses({ 200: FolderListResponse }),
      },
    },
    async (request) => ({ data: (await services.folders.list(actor(request))).map(present.folder) }),
  );

  app.post(
    '/folders',
    {
      onRequest: write,
      schema: {
        operationId: 'createFolder',
        summary: 'Create a folder (addition within v1)',
        description: 'A name the account already uses, in any case, gives 400. Move codes in with PATCH /codes/{id} `folderId`.',
        tags,
        body: CreateFolderBody,
        response: responses({ 201: FolderResponse }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: present.folder(await services.folders.create(actor(request), request.body)) }),
  );

  app.get(
    '/folders/:id',
    {
      onRequest: read,
      schema: {
        operationId: 'getFolder',
        summary: 'Read a folder (addition within v1)',
        tags,
        params: IdParams,
        response: responses({ 200: FolderResponse }, [404]),
      },
    },
    async (request) => ({ data: present.folder(await services.folders.get(actor(request), request.params.id)) }),
  );

  app.patch(
    '/folders/:id',
    {
      onRequest: write,
      schema: {
        operationId: 'updateFolder',
        summary: 'Rename a folder (addition within v1)',
        tags,
        params: IdParams,
        body: UpdateFolderBody,
        response: responses({ 200: FolderResponse }, [404]),
      },
    },
    async (request) => ({
      data: present.folder(await services.folders.rename(actor(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    '/folders/:id',
    {
      onRequest: write,
      schema: {
        operationId: 'deleteFolder',
        summary: 'Delete a folder (addition within v1)',
        description: 'The codes it held stay, in no folder.',
        tags,
        params: IdParams,
        response: responses({ 200: DeletedFolderResponse }, [404]),
      },
    },
    async (request) => {
      const unfiledCodes = await services.folders.delete(actor(request), request.params.id);
      return { data: { id: request.params.id, deleted: true as const, unfiledCodes } };
    },
  );

  app.get(
    '/folders/:id/analytics',
    {
      onRequest: guard({ scope: 'analytics:read', metered: true }),
      schema: {
        operationId: 'getFolderAnalytics',
        summary: "Scans and unique visitors of a folder's codes",
        description: 'Over the last `days` days (1 to 365), with a per-code breakdown. Automated traffic is excluded.',
        tags,
        params: IdParams,
        querystring: FolderAnalyticsQuery,
        response: responses({ 200: FolderAnalyticsResponse }, [404]),
      },
    },
    async (request) => ({
      data: present.folderAnalytics(
        await services.analytics.folderAnalytics(actor(request), request.params.id, request.query.days),
      ),
    }),
  );
};
