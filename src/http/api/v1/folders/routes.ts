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
import { declareRoutes } from '../route.js';

const route = declareRoutes(['folders']);

export const foldersRoutes: ApiRoutes = async (plugin, { services, guard, present }) => {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const read = guard({ scope: 'codes:read', metered: true });
  const write = guard({ scope: 'codes:write', metered: true });

  app.get(
    '/folders',
    route(read, 'listFolders', 'List folders', {
      description: 'Ordered by name, case-insensitively, each with its number of live (not archived) codes.',
      response: responses({ 200: FolderListResponse }),
    }),
    async (request) => ({ data: (await services.folders.list(actor(request))).map(present.folder) }),
  );

  app.post(
    '/folders',
    route(write, 'createFolder', 'Create a folder (addition within v1)', {
      description: 'A name the account already uses, in any case, gives 400. Move codes in with PATCH /codes/{id} `folderId`.',
      body: CreateFolderBody,
      response: responses({ 201: FolderResponse }),
    }),
    async (request, reply) =>
      reply.code(201).send({ data: present.folder(await services.folders.create(actor(request), request.body)) }),
  );

  app.get(
    '/folders/:id',
    route(read, 'getFolder', 'Read a folder (addition within v1)', {
      params: IdParams,
      response: responses({ 200: FolderResponse }, [404]),
    }),
    async (request) => ({ data: present.folder(await services.folders.get(actor(request), request.params.id)) }),
  );

  app.patch(
    '/folders/:id',
    route(write, 'updateFolder', 'Rename a folder (addition within v1)', {
      params: IdParams,
      body: UpdateFolderBody,
      response: responses({ 200: FolderResponse }, [404]),
    }),
    async (request) => ({
      data: present.folder(await services.folders.rename(actor(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    '/folders/:id',
    route(write, 'deleteFolder', 'Delete a folder (addition within v1)', {
      description: 'The codes it held stay, in no folder.',
      params: IdParams,
      response: responses({ 200: DeletedFolderResponse }, [404]),
    }),
    async (request) => {
      const unfiledCodes = await services.folders.delete(actor(request), request.params.id);
      return { data: { id: request.params.id, deleted: true as const, unfiledCodes } };
    },
  );

  app.get(
    '/folders/:id/analytics',
    route(
      guard({ scope: 'analytics:read', metered: true }),
      'getFolderAnalytics',
      "Scans and unique visitors of a folder's codes",
      {
        description: 'Over the last `days` days (1 to 365), with a per-code breakdown. Automated traffic is excluded.',
        params: IdParams,
        querystring: FolderAnalyticsQuery,
        response: responses({ 200: FolderAnalyticsResponse }, [404]),
      },
    ),
    async (request) => ({
      data: present.folderAnalytics(
        await services.analytics.folderAnalytics(actor(request), request.params.id, request.query.days),
      ),
    }),
  );
};
