import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ApiRoutes } from '../context.js';
import { principalOf } from '../../../guard.js';
import { responses } from '../../../schemas.js';
import { presentCode } from './presenter.js';
import { CodeListResponse, CodeResponse, CreateCodeBody, IdParams, ListCodesQuery, UpdateCodeBody } from './schema.js';

const tags = ['codes'];

export const codesRoutes: ApiRoutes = async (fastify, { config, services, guard }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const read = guard({ scope: 'codes:read', metered: true });
  const write = guard({ scope: 'codes:write', metered: true });
  const present = (code: Parameters<typeof presentCode>[0]) => ({ data: presentCode(code, config.publicUrl) });

  app.get(
    '/codes',
    {
      onRequest: read,
      schema: {
        operationId: 'listCodes',
        summary: 'List codes, newest first',
        description: '`name` matches names only; `folderId` keeps the codes of one folder.',
        tags,
        querystring: ListCodesQuery,
        response: responses({ 200: CodeListResponse }),
      },
    },
    async (request) => {
      const codes = await services.codes.list(principalOf(request).account.id, request.query);
      return { data: codes.map((c) => presentCode(c, config.publicUrl)) };
    },
  );

  app.post(
    '/codes',
    {
      onRequest: write,
      schema: {
        operationId: 'createCode',
        summary: 'Create a code',
        description:
          "Returns the whole code, including `encode`: the value to render into the symbol. Past the plan's cap on live codes: 402 quota_exceeded. `templateId` copies a saved design (fields of `design` override it); `folderId` files the code. A template or folder that is not the account's: 404.",
        tags,
        body: CreateCodeBody,
        response: responses({ 201: CodeResponse }),
      },
    },
    async (request, reply) =>
      reply.code(201).send(present(await services.codes.create(principalOf(request).account.id, request.body))),
  );

  app.get(
    '/codes/:id',
    {
      onRequest: read,
      schema: {
        operationId: 'getCode',
        summary: 'Read a code',
        tags,
        params: IdParams,
        response: responses({ 200: CodeResponse }, [404]),
      },
    },
    async (request) => present(await services.codes.get(principalOf(request).account.id, request.params.id)),
  );

  app.patch(
    '/codes/:id',
    {
      onRequest: write,
      schema: {
        operationId: 'updateCode',
        summary: 'Change a code',
        description:
          'Repoint (dynamic codes only; a static code gives 400), rename, pause or resume, change design (or copy a saved design with `templateId`), rules or gate, and move it with `folderId` (null: into no folder).',
        tags,
        params: IdParams,
        body: UpdateCodeBody,
        response: responses({ 200: CodeResponse }, [404]),
      },
    },
    async (request) => present(await services.codes.update(principalOf(request).account.id, request.params.id, request.body)),
  );

  app.post(
    '/codes/:id/clone',
    {
      onRequest: write,
      schema: {
        operationId: 'cloneCode',
        summary: 'Clone a code',
        description:
          'Same destination, design, rules, gate and folder; its own id and short address; no history. Counts against the cap on live codes.',
        tags,
        params: IdParams,
        response: responses({ 201: CodeResponse }, [404]),
      },
    },
    async (request, reply) =>
      reply.code(201).send(present(await services.codes.clone(principalOf(request).account.id, request.params.id))),
  );

  app.post(
    '/codes/:id/archive',
    {
      onRequest: write,
      schema: {
        operationId: 'archiveCode',
        summary: 'Archive a code (one-way)',
        description: 'Scans afterwards are told the code is no longer active. History is kept.',
        tags,
        params: IdParams,
        response: responses({ 200: CodeResponse }, [404]),
      },
    },
    async (request) => present(await services.codes.archive(principalOf(request).account.id, request.params.id)),
  );
};
