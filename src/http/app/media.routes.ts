import multipart from '@fastify/multipart';
import { actor, type ApiRoutes } from '../api/v1/context.js';
import { MediaResponse } from '../api/v1/media/schema.js';
import { declareOperations } from '../api/v1/operations.js';
import { MEDIA_CHANGES } from '../operations/media.js';
import { responses } from '../schemas.js';
import { readUpload } from './media.upload.js';
import { declareRoutes } from '../api/v1/route.js';

const route = declareRoutes(['media']);
/** Routes under /app/api/v1 that exist only on the session surface (never under /api/v1). */
const config = { dashboardOnly: true };

/**
 * Changing the media library: only from the dashboard. Mounted under /app/api/v1 beside
 * the mirrored read routes, behind the session guard and CSRF; the services check content:write.
 * The upload reads a multipart stream, which no body schema describes, so it is written out here;
 * renaming, moving and deleting are catalog operations.
 */
export const mediaWriteRoutes: ApiRoutes = async (app, context) => {
  const { services, guard, present, config: settings } = context;
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

  declareOperations(app, MEDIA_CHANGES, context, config);
};
