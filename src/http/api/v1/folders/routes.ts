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
import { resourceRoutes } from '../resource.js';

const route = declareRoutes(['folders']);

export const foldersRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const read = guard({ scope: 'codes:read', metered: true });
  const write = guard({ scope: 'codes:write', metered: true });

  const folders = resourceRoutes(app, route, {
    path: '/folders',
    read,
    write,
    present: present.folder,
    response: FolderResponse,
    listResponse: FolderListResponse,
  });

  folders.list('listFolders', 'List folders', {
    description: 'Ordered by name, case-insensitively, each with its number of live (not archived) codes.',
    run: (acting) => services.catalog.folders.list(acting),
  });

  folders.create('createFolder', 'Create a folder (addition within v1)', {
    description: 'A name the account already uses, in any case, gives 400. Move codes in with PATCH /codes/{id} `folderId`.',
    body: CreateFolderBody,
    run: (acting, body) => services.catalog.folders.create(acting, body),
  });

  folders.get('getFolder', 'Read a folder (addition within v1)', {
    run: (acting, id) => services.catalog.folders.get(acting, id),
  });

  folders.update('updateFolder', 'Rename a folder (addition within v1)', {
    body: UpdateFolderBody,
    run: (acting, id, body) => services.catalog.folders.rename(acting, id, body),
  });

  folders.remove('deleteFolder', 'Delete a folder (addition within v1)', {
    description: 'The codes it held stay, in no folder.',
    response: DeletedFolderResponse,
    run: async (acting, id) => ({ unfiledCodes: await services.catalog.folders.delete(acting, id) }),
  });

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
        await services.traffic.analytics.folderAnalytics(actor(request), request.params.id, request.query.days),
      ),
    }),
  );
};
