import {
  CreateFolderBody,
  DeletedFolderResponse,
  FolderAnalyticsQuery,
  FolderAnalyticsResponse,
  FolderListResponse,
  FolderResponse,
  UpdateFolderBody,
} from '../../api/v1/folders/schema.js';
import { IdParams } from '../../schemas.js';
import { ADD, CHANGE, defineTool, NoInput, READ, toolInput } from '../tool.js';

/** Folders and their analytics: the same service calls and presenters as /api/v1/folders. */
export const folderTools = [
  defineTool({
    name: 'folders_list',
    title: 'List folders',
    description: 'Lists folders ordered by name, each with the number of live (not archived) codes in it.',
    scope: 'codes:read',
    input: NoInput,
    output: FolderListResponse,
    annotations: READ,
    async handler(_args, { services, actor, present }) {
      return { data: (await services.folders.list(actor)).map(present.folder) };
    },
  }),
  defineTool({
    name: 'folders_create',
    title: 'Create a folder',
    description:
      'Creates a folder. Names are unique per account, ignoring case. Move codes into it with codes_update (folderId).',
    scope: 'codes:write',
    input: toolInput(CreateFolderBody),
    output: FolderResponse,
    annotations: ADD,
    async handler(args, { services, actor, present }) {
      return { data: present.folder(await services.folders.create(actor, args)) };
    },
  }),
  defineTool({
    name: 'folders_rename',
    title: 'Rename a folder',
    description: 'Renames a folder; its codes stay in it.',
    scope: 'codes:write',
    input: toolInput(IdParams, UpdateFolderBody),
    output: FolderResponse,
    annotations: CHANGE,
    async handler({ id, ...changes }, { services, actor, present }) {
      return { data: present.folder(await services.folders.rename(actor, id, changes)) };
    },
  }),
  defineTool({
    name: 'folders_delete',
    title: 'Delete a folder',
    description: 'Deletes a folder. Its codes are kept, in no folder; the answer says how many were unfiled.',
    scope: 'codes:write',
    input: toolInput(IdParams),
    output: DeletedFolderResponse,
    annotations: CHANGE,
    async handler({ id }, { services, actor }) {
      const unfiledCodes = await services.folders.delete(actor, id);
      return { data: { id, deleted: true as const, unfiledCodes } };
    },
  }),
  defineTool({
    name: 'folders_analytics',
    title: 'Folder analytics',
    description:
      'Scans and unique visitors of a folder over the last `days` days (1-365, default 30), with a per-code breakdown. Automated traffic is excluded.',
    scope: 'analytics:read',
    input: toolInput(IdParams, FolderAnalyticsQuery),
    output: FolderAnalyticsResponse,
    annotations: READ,
    async handler({ id, days }, { services, actor, present }) {
      return { data: present.folderAnalytics(await services.analytics.folderAnalytics(actor, id, days)) };
    },
  }),
];
