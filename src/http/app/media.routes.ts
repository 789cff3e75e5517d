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
import { responses } from '../schemas.js';
import { readUpload } from './media.upload.js';
import { declareRoutes } from '../api/v1/route.js';
import { resourceRoutes } from '../api/v1/resource.js';

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
      return reply.code(201).send({ data: present.media(await services.catalog.media.upload(actor(request), upload)) });
    },
  );

  const files = resourceRoutes(app, route, {
    path: '/media',
    read: session,
    write: session,
    present: present.media,
    response: MediaResponse,
    config,
  });

  files.update('updateMedia', 'Rename a media file or move it to a folder', {
    body: UpdateMediaBody,
    run: (acting, id, body) => services.catalog.media.update(acting, id, body),
  });

  files.remove('deleteMedia', 'Delete a media file', {
    response: DeletedMediaResponse,
    run: async (acting, id) => {
      await services.catalog.media.delete(acting, id);
    },
  });

  const folders = resourceRoutes(app, route, {
    path: '/media/folders',
    read: session,
    write: session,
    present: present.mediaFolder,
    response: MediaFolderResponse,
    config,
  });

  folders.create('createMediaFolder', 'Create a media folder', {
    body: MediaFolderBody,
    run: (acting, body) => services.catalog.mediaFolders.create(acting, body),
  });

  folders.update('renameMediaFolder', 'Rename a media folder', {
    body: MediaFolderBody,
    run: (acting, id, body) => services.catalog.mediaFolders.rename(acting, id, body),
  });

  folders.remove('deleteMediaFolder', 'Delete a media folder (its files stay, in no folder)', {
    response: DeletedMediaFolderResponse,
    run: async (acting, id) => ({ unfiledFiles: await services.catalog.mediaFolders.delete(acting, id) }),
  });
};
