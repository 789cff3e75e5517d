import * as schema from '../../api/v1/folders/schema.js';
import { IdParams } from '../../schemas.js';
import { resourceTools } from '../tool.js';

const tool = resourceTools('codes:read', 'codes:write');

/** Folders and their analytics: the same service calls and presenters as /api/v1/folders. */
export const folderTools = [
  tool.read('folders_list', 'List folders', [], schema.FolderListResponse, {
    description: 'Lists folders ordered by name, each with the number of live (not archived) codes in it.',
    run: async (_args, { services, actor, present }) => (await services.catalog.folders.list(actor)).map(present.folder),
  }),
  tool.add('folders_create', 'Create a folder', [schema.CreateFolderBody], schema.FolderResponse, {
    description:
      'Creates a folder. Names are unique per account, ignoring case. Move codes into it with codes_update (folderId).',
    run: async (args, { services, actor, present }) => present.folder(await services.catalog.folders.create(actor, args)),
  }),
  tool.change('folders_rename', 'Rename a folder', [IdParams, schema.UpdateFolderBody], schema.FolderResponse, {
    description: 'Renames a folder; its codes stay in it.',
    run: async ({ id, ...changes }, { services, actor, present }) =>
      present.folder(await services.catalog.folders.rename(actor, id, changes)),
  }),
  tool.remove('folders_delete', 'Delete a folder', [IdParams], schema.DeletedFolderResponse, {
    description: 'Deletes a folder. Its codes are kept, in no folder; the answer says how many were unfiled.',
    run: async ({ id }, { services, actor }) => ({ unfiledCodes: await services.catalog.folders.delete(actor, id) }),
  }),
  resourceTools('analytics:read').read(
    'folders_analytics',
    'Folder analytics',
    [IdParams, schema.FolderAnalyticsQuery],
    schema.FolderAnalyticsResponse,
    {
      description:
        'Scans and unique visitors of a folder over the last `days` days (1-365, default 30), with a per-code breakdown. Automated traffic is excluded.',
      run: async ({ id, days }, { services, actor, present }) =>
        present.folderAnalytics(await services.traffic.analytics.folderAnalytics(actor, id, days)),
    },
  ),
];
