import type { ApiRoutes } from '../context.js';
import { CodeListResponse, CodeResponse, CreateCodeBody, ListCodesQuery, UpdateCodeBody } from './schema.js';
import { declareRoutes } from '../route.js';
import { resourceRoutes } from '../resource.js';

const route = declareRoutes(['codes']);

export const codesRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const read = guard({ scope: 'codes:read', metered: true });
  const write = guard({ scope: 'codes:write', metered: true });

  const codes = resourceRoutes(app, route, {
    path: '/codes',
    read,
    write,
    present: present.code,
    response: CodeResponse,
    listResponse: CodeListResponse,
  });

  codes.list('listCodes', 'List codes, newest first', {
    description: '`name` matches names only; `folderId` keeps the codes of one folder.',
    querystring: ListCodesQuery,
    run: (acting, query) => services.catalog.codes.list(acting, query),
  });

  codes.create('createCode', 'Create a code', {
    description:
      "Returns the whole code, including `encode`: the value to render into the symbol. Past the plan's cap on live codes: 402 quota_exceeded. `templateId` copies a saved design (fields of `design` override it); `folderId` files the code. A template or folder that is not the account's: 404.",
    body: CreateCodeBody,
    run: (acting, body) => services.catalog.codes.create(acting, body),
  });

  codes.get('getCode', 'Read a code', {
    run: (acting, id) => services.catalog.codes.get(acting, id),
  });

  codes.update('updateCode', 'Change a code', {
    description:
      'Repoint (dynamic codes only; a static code gives 400), rename, pause or resume, change design (or copy a saved design with `templateId`), rules or gate, and move it with `folderId` (null: into no folder).',
    body: UpdateCodeBody,
    run: (acting, id, body) => services.catalog.codes.update(acting, id, body),
  });

  codes.act('clone', 'cloneCode', 'Clone a code', {
    description:
      'Same destination, design, rules, gate and folder; its own id and short address; no history. Counts against the cap on live codes.',
    creates: true,
    run: (acting, id) => services.catalog.codes.clone(acting, id),
  });

  codes.act('archive', 'archiveCode', 'Archive a code (one-way)', {
    description: 'Scans afterwards are told the code is no longer active. History is kept.',
    run: (acting, id) => services.catalog.codes.archive(acting, id),
  });
};
