import * as schema from '../api/v1/folders/schema.js';
import { IdParams } from '../schemas.js';
import { operation } from './operation.js';

const tag = 'folders';

/** Folders of codes and their analytics: /api/v1/folders and the folders_* tools. */
export const FOLDERS = [
  operation({
    id: 'listFolders',
    tool: 'folders_list',
    summary: 'List folders',
    description: 'Lists folders ordered by name, case-insensitively, each with its number of live (not archived) codes.',
    tag,
    scope: 'codes:read',
    kind: 'read',
    http: 'GET /folders',
    output: schema.FolderListResponse,
    run: async (actor, _input, { services, present }) => (await services.catalog.folders.list(actor)).map(present.folder),
  }),
  operation({
    id: 'createFolder',
    tool: 'folders_create',
    summary: 'Create a folder',
    addedInV1: true,
    description:
      'Names are unique per account, ignoring case: a name the account already uses gives invalid_request (400). Move codes in with PATCH /codes/{id} (codes_update) `folderId`.',
    tag,
    scope: 'codes:write',
    kind: 'add',
    http: 'POST /folders',
    body: schema.CreateFolderBody,
    output: schema.FolderResponse,
    run: async (actor, body, { services, present }) => present.folder(await services.catalog.folders.create(actor, body)),
  }),
  operation({
    id: 'getFolder',
    summary: 'Read a folder',
    addedInV1: true,
    description: 'Reads one folder by id, with its number of live codes.',
    tag,
    scope: 'codes:read',
    kind: 'read',
    http: 'GET /folders/:id',
    params: IdParams,
    output: schema.FolderResponse,
    run: async (actor, { id }, { services, present }) => present.folder(await services.catalog.folders.get(actor, id)),
  }),
  operation({
    id: 'updateFolder',
    tool: 'folders_rename',
    summary: 'Rename a folder',
    addedInV1: true,
    description: 'Renames a folder; its codes stay in it.',
    tag,
    scope: 'codes:write',
    kind: 'change',
    http: 'PATCH /folders/:id',
    params: IdParams,
    body: schema.UpdateFolderBody,
    output: schema.FolderResponse,
    run: async (actor, { id, ...changes }, { services, present }) =>
      present.folder(await services.catalog.folders.rename(actor, id, changes)),
  }),
  operation({
    id: 'deleteFolder',
    tool: 'folders_delete',
    summary: 'Delete a folder',
    addedInV1: true,
    description: 'Deletes a folder. The codes it held stay, in no folder; the answer says how many were unfiled.',
    tag,
    scope: 'codes:write',
    kind: 'remove',
    http: 'DELETE /folders/:id',
    params: IdParams,
    output: schema.DeletedFolderResponse,
    run: async (actor, { id }, { services }) => ({ unfiledCodes: await services.catalog.folders.delete(actor, id) }),
  }),
  operation({
    id: 'getFolderAnalytics',
    tool: 'folders_analytics',
    summary: "Scans and unique visitors of a folder's codes",
    description: 'Over the last `days` days (1-365, default 30), with a per-code breakdown. Automated traffic is excluded.',
    tag,
    scope: 'analytics:read',
    kind: 'read',
    http: 'GET /folders/:id/analytics',
    params: IdParams,
    querystring: schema.FolderAnalyticsQuery,
    output: schema.FolderAnalyticsResponse,
    run: async (actor, { id, ...range }, { services, present }) =>
      present.folderAnalytics(await services.traffic.analytics.folderAnalytics(actor, id, range)),
  }),
];
