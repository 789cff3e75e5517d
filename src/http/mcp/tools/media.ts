import * as schema from '../../api/v1/media/schema.js';
import { IdParams } from '../../schemas.js';
import { resourceTools } from '../tool.js';

const tool = resourceTools('media:read');

/** Reading the media library: the same service calls and presenter as /api/v1/media. Uploading is the dashboard's alone. */
export const mediaTools = [
  tool.read('media_list', 'List media files', [schema.MediaListQuery], schema.MediaListResponse, {
    description:
      'Lists media files (images and PDF files), newest first, with name, type, size, pixel size, folder and public url; page with limit (1-100, default 25) and offset; folderId narrows to a folder ("none": files in no folder).',
    run: async (args, { services, actor, present }) =>
      (await services.catalog.media.list(actor, schema.mediaListOptions(args))).map(present.media),
  }),
  tool.read('media_get', 'Read a media file', [IdParams], schema.MediaResponse, {
    description: 'Reads one media file by id: name, type, size, pixel size, folder and public url.',
    run: async ({ id }, { services, actor, present }) => present.media(await services.catalog.media.get(actor, id)),
  }),
  tool.read('media_folders_list', 'List media folders', [], schema.MediaFolderListResponse, {
    description: 'Lists the media library’s folders, ordered by name.',
    run: async (_args, { services, actor, present }) =>
      (await services.catalog.mediaFolders.list(actor)).map(present.mediaFolder),
  }),
  tool.read('media_usage_get', 'Read the media library’s usage', [], schema.MediaUsageResponse, {
    description: 'How many bytes the account’s files take, the most it may store, and the largest one file may be.',
    run: async (_args, { services, actor }) => services.catalog.media.usage(actor),
  }),
];
