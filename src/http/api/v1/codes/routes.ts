import { actor, type ApiRoutes } from '../context.js';
import { IdParams, responses } from '../../../schemas.js';
import { CodeListResponse, CodeResponse, CreateCodeBody, ListCodesQuery, UpdateCodeBody } from './schema.js';
import { declareRoutes } from '../route.js';
import { resourceRoutes } from '../resource.js';

const route = declareRoutes(['codes']);

export const codesRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const read = guard({ scope: 'codes:read', metered: true });
  const write = guard({ scope: 'codes:write', metered: true });
  const one = (code: Parameters<typeof present.code>[0]) => ({ data: present.code(code) });

  const codes = resourceRoutes(app, route, { path: '/codes', read, write });

  codes.list('listCodes', 'List codes, newest first', {
    description: '`name` matches names only; `folderId` keeps the codes of one folder.',
    querystring: ListCodesQuery,
    response: CodeListResponse,
    run: async (acting, query) => (await services.codes.list(acting, query)).map((c) => present.code(c)),
  });

  codes.create('createCode', 'Create a code', {
    description:
      "Returns the whole code, including `encode`: the value to render into the symbol. Past the plan's cap on live codes: 402 quota_exceeded. `templateId` copies a saved design (fields of `design` override it); `folderId` files the code. A template or folder that is not the account's: 404.",
    body: CreateCodeBody,
    response: CodeResponse,
    run: async (acting, body) => present.code(await services.codes.create(acting, body)),
  });

  codes.get('getCode', 'Read a code', {
    response: CodeResponse,
    run: async (acting, id) => present.code(await services.codes.get(acting, id)),
  });

  codes.update('updateCode', 'Change a code', {
    description:
      'Repoint (dynamic codes only; a static code gives 400), rename, pause or resume, change design (or copy a saved design with `templateId`), rules or gate, and move it with `folderId` (null: into no folder).',
    body: UpdateCodeBody,
    response: CodeResponse,
    run: async (acting, id, body) => present.code(await services.codes.update(acting, id, body)),
  });

  app.post(
    '/codes/:id/clone',
    route(write, 'cloneCode', 'Clone a code', {
      description:
        'Same destination, design, rules, gate and folder; its own id and short address; no history. Counts against the cap on live codes.',
      params: IdParams,
      response: responses({ 201: CodeResponse }, [404]),
    }),
    async (request, reply) => reply.code(201).send(one(await services.codes.clone(actor(request), request.params.id))),
  );

  app.post(
    '/codes/:id/archive',
    route(write, 'archiveCode', 'Archive a code (one-way)', {
      description: 'Scans afterwards are told the code is no longer active. History is kept.',
      params: IdParams,
      response: responses({ 200: CodeResponse }, [404]),
    }),
    async (request) => one(await services.codes.archive(actor(request), request.params.id)),
  );
};
