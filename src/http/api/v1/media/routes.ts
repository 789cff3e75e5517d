import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams, responses } from '../../../schemas.js';
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

const route = declareRoutes(['media']);

/**
 * Reading the media library (media:read). Uploading, renaming, moving and deleting exist only on the
 * dashboard's session surface (http/app/media.routes.ts): a token never uploads (SPEC section 5).
 */
export const mediaRoutes: ApiRoutes = async (plugin, { services, guard, present }) => {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const read = guard({ scope: 'media:read', metered: true });

  app.get(
    '/media',
    route(read, 'listMedia', 'List media files', {
      description: 'Newest first. `folderId` narrows to one folder (`none`: files in no folder).',
      querystring: MediaListQuery,
      response: responses({ 200: MediaListResponse }),
    }),
    async (request) => ({
      data: (await services.media.list(actor(request), mediaListOptions(request.query))).map(present.media),
    }),
  );

  app.get(
    '/media/folders',
    route(read, 'listMediaFolders', 'List media folders', {
      description: 'Ordered by name, case-insensitively.',
      response: responses({ 200: MediaFolderListResponse }),
    }),
    async (request) => ({ data: (await services.mediaFolders.list(actor(request))).map(present.mediaFolder) }),
  );

  app.get(
    '/media/usage',
    route(read, 'getMediaUsage', "The media library's usage against its limits", {
      response: responses({ 200: MediaUsageResponse }),
    }),
    async (request) => ({ data: await services.media.usage(actor(request)) }),
  );

  app.get(
    '/media/:id',
    route(read, 'getMedia', 'Read a media file', { params: IdParams, response: responses({ 200: MediaResponse }, [404]) }),
    async (request) => ({ data: present.media(await services.media.get(actor(request), request.params.id)) }),
  );
};
