import * as schema from '../api/v1/media/schema.js';
import { IdParams } from '../schemas.js';
import { operation } from './operation.js';

const tag = 'media';

/** Reading the media library: /api/v1/media and the media_* tools. */
export const MEDIA = [
  operation({
    id: 'listMedia',
    tool: 'media_list',
    summary: 'List media files',
    description:
      'Lists media files (images and PDF files), newest first, with name, type, size, pixel size, folder and public url; page with limit (1-100, default 25) and offset; `folderId` narrows to one folder (`none`: files in no folder).',
    tag,
    scope: 'media:read',
    kind: 'read',
    http: 'GET /media',
    querystring: schema.MediaListQuery,
    output: schema.MediaListResponse,
    run: async (actor, query, { services, present }) =>
      (await services.catalog.media.list(actor, schema.mediaListOptions(query))).map(present.media),
  }),
  operation({
    id: 'listMediaFolders',
    tool: 'media_folders_list',
    summary: 'List media folders',
    description: 'Lists the media library’s folders, ordered by name, case-insensitively.',
    tag,
    scope: 'media:read',
    kind: 'read',
    http: 'GET /media/folders',
    output: schema.MediaFolderListResponse,
    run: async (actor, _input, { services, present }) =>
      (await services.catalog.mediaFolders.list(actor)).map(present.mediaFolder),
  }),
  operation({
    id: 'getMediaUsage',
    tool: 'media_usage_get',
    summary: 'The media library’s usage against its limits',
    description: 'How many bytes the account’s files take, the most it may store, and the largest one file may be.',
    tag,
    scope: 'media:read',
    kind: 'read',
    http: 'GET /media/usage',
    output: schema.MediaUsageResponse,
    run: (actor, _input, { services }) => services.catalog.media.usage(actor),
  }),
  operation({
    id: 'getMedia',
    tool: 'media_get',
    summary: 'Read a media file',
    description: 'Reads one media file by id: name, type, size, pixel size, folder and public url.',
    tag,
    scope: 'media:read',
    kind: 'read',
    http: 'GET /media/:id',
    params: IdParams,
    output: schema.MediaResponse,
    run: async (actor, { id }, { services, present }) => present.media(await services.catalog.media.get(actor, id)),
  }),
];

/**
 * Changing the media library: only from the dashboard's session surface, under /app/api/v1 (a token
 * never uploads or changes files); the services check content:write. Uploading is multipart, so it
 * stays a route of its own (http/app/media.routes.ts).
 */
export const MEDIA_CHANGES = [
  operation({
    id: 'updateMedia',
    summary: 'Rename a media file or move it to a folder',
    description: 'Fields left out keep their values.',
    tag,
    scope: null,
    metered: false,
    kind: 'change',
    http: 'PATCH /media/:id',
    params: IdParams,
    body: schema.UpdateMediaBody,
    output: schema.MediaResponse,
    run: async (actor, { id, ...changes }, { services, present }) =>
      present.media(await services.catalog.media.update(actor, id, changes)),
  }),
  operation({
    id: 'deleteMedia',
    summary: 'Delete a media file',
    description: 'Deletes the file; its bytes go too once no other file has them.',
    tag,
    scope: null,
    metered: false,
    kind: 'remove',
    http: 'DELETE /media/:id',
    params: IdParams,
    output: schema.DeletedMediaResponse,
    run: async (actor, { id }, { services }) => {
      await services.catalog.media.delete(actor, id);
    },
  }),
  operation({
    id: 'createMediaFolder',
    summary: 'Create a media folder',
    description: 'A folder of the media library, for filing files with PATCH /media/{id} `folderId`.',
    tag,
    scope: null,
    metered: false,
    kind: 'add',
    http: 'POST /media/folders',
    body: schema.MediaFolderBody,
    output: schema.MediaFolderResponse,
    run: async (actor, body, { services, present }) =>
      present.mediaFolder(await services.catalog.mediaFolders.create(actor, body)),
  }),
  operation({
    id: 'renameMediaFolder',
    summary: 'Rename a media folder',
    description: 'Its files stay in it.',
    tag,
    scope: null,
    metered: false,
    kind: 'change',
    http: 'PATCH /media/folders/:id',
    params: IdParams,
    body: schema.MediaFolderBody,
    output: schema.MediaFolderResponse,
    run: async (actor, { id, ...changes }, { services, present }) =>
      present.mediaFolder(await services.catalog.mediaFolders.rename(actor, id, changes)),
  }),
  operation({
    id: 'deleteMediaFolder',
    summary: 'Delete a media folder (its files stay, in no folder)',
    description: 'The answer says how many files were unfiled.',
    tag,
    scope: null,
    metered: false,
    kind: 'remove',
    http: 'DELETE /media/folders/:id',
    params: IdParams,
    output: schema.DeletedMediaFolderResponse,
    run: async (actor, { id }, { services }) => ({ unfiledFiles: await services.catalog.mediaFolders.delete(actor, id) }),
  }),
];
