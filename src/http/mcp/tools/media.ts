import {
  MediaFolderListResponse,
  MediaListQuery,
  MediaListResponse,
  MediaResponse,
  mediaListOptions,
} from '../../api/v1/media/schema.js';
import { IdParams } from '../../schemas.js';
import { defineTool, NoInput, READ, toolInput } from '../tool.js';

/** Reading the media library: the same service calls and presenter as /api/v1/media. Uploading is the dashboard's alone. */
export const mediaTools = [
  defineTool({
    name: 'media_list',
    title: 'List media files',
    description:
      'Lists media files (images and PDF files), newest first, with name, type, size, pixel size, folder and public url; page with limit (1-100, default 25) and offset; folderId narrows to a folder ("none": files in no folder).',
    scope: 'media:read',
    input: toolInput(MediaListQuery),
    output: MediaListResponse,
    annotations: READ,
    async handler(args, { services, actor, present }) {
      return { data: (await services.media.list(actor, mediaListOptions(args))).map(present.media) };
    },
  }),
  defineTool({
    name: 'media_get',
    title: 'Read a media file',
    description: 'Reads one media file by id: name, type, size, pixel size, folder and public url.',
    scope: 'media:read',
    input: toolInput(IdParams),
    output: MediaResponse,
    annotations: READ,
    async handler({ id }, { services, actor, present }) {
      return { data: present.media(await services.media.get(actor, id)) };
    },
  }),
  defineTool({
    name: 'media_folders_list',
    title: 'List media folders',
    description: 'Lists the media library’s folders, ordered by name.',
    scope: 'media:read',
    input: NoInput,
    output: MediaFolderListResponse,
    annotations: READ,
    async handler(_args, { services, actor, present }) {
      return { data: (await services.mediaFolders.list(actor)).map(present.mediaFolder) };
    },
  }),
];
