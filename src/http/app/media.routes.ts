import multipart from '@fastify/multipart';
import { actor, type ApiRoutes } from '../api/v1/context.js';
import {
  DeletedMediaFolderResponse,
  DeletedMediaResponse,
  MediaFolderBody,
  MediaFolderResponse,
  MediaResponse,
  UpdateMediaBody,
} from '../api/v1/media/schema.js';
import { IdParams, responses } from '../schemas.js';
import { readUpload } from './media.upload.js';
import { declareRoutes } from '../api/v1/route.js';

const route = declareRoutes(['media']);
/** Routes under /app/api/v1 that exist only on the session surface (never under /api/v1). */
const config = { dashboardOnly: true };

/**
 * Changing the media library: only from the dashboard (ADR 0127). Mounted under /app/api/v1 beside
 * the mirrored read routes, behind the session guard and CSRF; the services check content:write.
 */
export const mediaWriteRoutes: ApiRoutes = async (app, { services, guard, present, config: settings }) => {
  await app.register(multipart, { throwFileSizeLimit: true });
  const session = guard({ scope: null, metered: false });

  app.post(
    '/media',
    {
      ...route(session, 'uploadMedia', 'Upload a media file (multipart/form-data: file, name?, folderId?)', {
        description: 'The type is read from the bytes; images are re-encoded or sanitised before they are stored.',
        response: responses({ 201: MediaResponse }, [413]),
      }),
      config,
    },
    async (request, reply) => {
      const upload = await readUpload(request, settings.media.maxFileBytes);
      return reply.code(201).send({ data: present.media(await services.media.upload(actor(request), upload)) });
    },
  );

  app.patch(
    '/media/:id',
    {
      ...route(session, 'updateMedia', 'Rename a media file or move it to a folder', {
        params: IdParams,
        body: UpdateMediaBody,
        response: responses({ 200: MediaResponse }, [404]),
      }),
      config,
    },
    async (request) => ({ data: present.media(await services.media.update(actor(request), request.params.id, request.body)) }),
  );

  app.delete(
    '/media/:id',
    {
      ...route(session, 'deleteMedia', 'Delete a media file', {
        params: IdParams,
        response: responses({ 200: DeletedMediaResponse }, [404]),
      }),
      config,
    },
    async (request) => {
      const file = await services.media.delete(actor(request), request.params.id);
      return { data: { id: file.id, deleted: true as const } };
    },
  );

  app.post(
    '/media/folders',
    {
      ...route(session, 'createMediaFolder', 'Create a media folder', {
        body: MediaFolderBody,
        response: responses({ 201: MediaFolderResponse }),
      }),
      config,
    },
    async (request, reply) =>
      reply.code(201).send({ data: present.mediaFolder(await services.mediaFolders.create(actor(request), request.body)) }),
  );

  app.patch(
    '/media/folders/:id',
    {
      ...route(session, 'renameMediaFolder', 'Rename a media folder', {
        params: IdParams,
        body: MediaFolderBody,
        response: responses({ 200: MediaFolderResponse }, [404]),
      }),
      config,
    },
    async (request) => ({
      data: present.mediaFolder(await services.mediaFolders.rename(actor(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    '/media/folders/:id',
    {
      ...route(session, 'deleteMediaFolder', 'Delete a media folder (its files stay, in no folder)', {
        params: IdParams,
        response: responses({ 200: DeletedMediaFolderResponse }, [404]),
      }),
      config,
    },
    async (request) => {
      const unfiledFiles = await services.mediaFolders.delete(actor(request), request.params.id);
      return { data: { id: request.params.id, deleted: true as const, unfiledFiles } };
    },
  );
};
