import { responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import {
  MediaFolderListResponse,
  MediaListQuery,
  MediaListResponse,
  MediaResponse,
  MediaUsageResponse,
  mediaListOptions,
} from './schema.js';
import { declareRoutes } from '../route.js';
import { resourceRoutes } from '../resource.js';

const route = declareRoutes(['media']);

/**
 * Reading the media library (media:read). Uploading, renaming, moving and deleting exist only on the
 * dashboard's session surface (http/app/media.routes.ts): a token never uploads (SPEC section 5).
 */
export const mediaRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const read = guard({ scope: 'media:read', metered: true });

  const media = resourceRoutes(app, route, {
    path: '/media',
    read,
    present: present.media,
    response: MediaResponse,
    listResponse: MediaListResponse,
  });

  media.list('listMedia', 'List media files', {
    description: 'Newest first. `folderId` narrows to one folder (`none`: files in no folder).',
    querystring: MediaListQuery,
    run: (acting, query) => services.catalog.media.list(acting, mediaListOptions(query)),
  });

  app.get(
    '/media/folders',
    route(read, 'listMediaFolders', 'List media folders', {
      description: 'Ordered by name, case-insensitively.',
      response: responses({ 200: MediaFolderListResponse }),
    }),
    async (request) => ({ data: (await services.catalog.mediaFolders.list(actor(request))).map(present.mediaFolder) }),
  );

  app.get(
    '/media/usage',
    route(read, 'getMediaUsage', "The media library's usage against its limits", {
      response: responses({ 200: MediaUsageResponse }),
    }),
    async (request) => ({ data: await services.catalog.media.usage(actor(request)) }),
  );

  media.get('getMedia', 'Read a media file', {
    run: (acting, id) => services.catalog.media.get(acting, id),
  });
};
