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

const tags = ['media'];

/**
 * Reading the media library (media:read). Uploading, renaming, moving and deleting exist only on the
 * dashboard's session surface (http/app/media.routes.ts): a token never uploads (SPEC section 5).
 */
export const mediaRoutes: ApiRoutes = async (plugin, { services, guard, present }) => {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const read = guard({ scope: 'media:read', metered: true });

  app.get(
    '/media',
    {
      onRequest: read,
      schema: {
        operationId: 'listMedia',
        summary: 'List media files',
        description: 'Newest first. `folderId` narrows to one folder (`none`: files in no folder).',
        tags,
        querystring: MediaListQuery,
        response: responses({ 200: MediaListResponse }),
      },
    },
    async (request) => ({
      data: (await services.media.list(actor(request), mediaListOptions(request.query))).map(present.media),
    }),
  );

  app.get(
    '/media/folders',
    {
      onRequest: read,
      schema: {
        operationId: 'listMediaFolders',
        summary: 'List media folders',
        description: 'Ordered by name, case-insensitively.',
        tags,
        response: responses({ 200: MediaFolderListResponse }),
      },
    },
    async (request) => ({ data: (await services.mediaFolders.list(actor(request))).map(present.mediaFolder) }),
  );

  app.get(
    '/media/usage',
    {
      onRequest: read,
      schema: {
        operationId: 'getMediaUsage',
        summary: "The media library's usage against its limits",
        tags,
        response: responses({ 200: MediaUsageResponse }),
      },
    },
    async (request) => ({ data: await services.media.usage(actor(request)) }),
  );

  app.get(
    '/media/:id',
    {
      onRequest: read,
      schema: {
        operationId: 'getMedia',
        summary: 'Read a media file',
        tags,
        params: IdParams,
        response: responses({ 200: MediaResponse }, [404]),
      },
    },
    async (request) => ({ data: present.media(await services.media.get(actor(request), request.params.id)) }),
  );
};
