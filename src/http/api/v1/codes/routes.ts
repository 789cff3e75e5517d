import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { actor, type ApiRoutes } from '../context.js';
import { IdParams, responses } from '../../../schemas.js';
import { CodeListResponse, CodeResponse, CreateCodeBody, ListCodesQuery, UpdateCodeBody } from './schema.js';
import { declareRoutes } from '../route.js';

const route = declareRoutes(['codes']);

export const codesRoutes: ApiRoutes = async (fastify, { services, guard, present }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const read = guard({ scope: 'codes:read', metered: true });
  const write = guard({ scope: 'codes:write', metered: true });
  const one = (code: Parameters<typeof present.code>[0]) => ({ data: present.code(code) });

  app.get(
    '/codes',
    route(read, 'listCodes', 'List codes, newest first', {
      description: '`name` matches names only; `folderId` keeps the codes of one folder.',
      querystring: ListCodesQuery,
      response: responses({ 200: CodeListResponse }),
    }),
    async (request) => {
      const codes = await services.codes.list(actor(request), request.query);
      return { data: codes.map((c) => present.code(c)) };
    },
  );

  app.post(
    '/codes',
    route(write, 'createCode', 'Create a code', {
      description:
        "Returns the whole code, including `encode`: the value to render into the symbol. Past the plan's cap on live codes: 402 quota_exceeded. `templateId` copies a saved design (fields of `design` override it); `folderId` files the code. A template or folder that is not the account's: 404.",
      body: CreateCodeBody,
      response: responses({ 201: CodeResponse }),
    }),
    async (request, reply) => reply.code(201).send(one(await services.codes.create(actor(request), request.body))),
  );

  app.get(
    '/codes/:id',
    route(read, 'getCode', 'Read a code', { params: IdParams, response: responses({ 200: CodeResponse }, [404]) }),
    async (request) => one(await services.codes.get(actor(request), request.params.id)),
  );

  app.patch(
    '/codes/:id',
    route(write, 'updateCode', 'Change a code', {
      description:
        'Repoint (dynamic codes only; a static code gives 400), rename, pause or resume, change design (or copy a saved design with `templateId`), rules or gate, and move it with `folderId` (null: into no folder).',
      params: IdParams,
      body: UpdateCodeBody,
      response: responses({ 200: CodeResponse }, [404]),
    }),
    async (request) => one(await services.codes.update(actor(request), request.params.id, request.body)),
  );

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
