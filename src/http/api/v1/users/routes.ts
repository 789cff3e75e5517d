import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams, responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import { CreateUserBody, ListUsersQuery, UpdateUserBody, UserListResponse, UserResponse } from './schema.js';

const tags = ['team'];

export const usersRoutes: ApiRoutes = async (plugin, { services, guard, present }) => {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/users',
    {
      onRequest: guard({ scope: 'team:read', metered: true }),
      schema: {
        operationId: 'listUsers',
        summary: 'List the people on the account',
        description: 'Oldest first (the owner leads), with roles, status and last sign-in.',
        tags,
        querystring: ListUsersQuery,
        response: responses({ 200: UserListResponse }),
      },
    },
    async (request) => {
      const users = await services.users.list(actor(request), request.query);
      return { data: users.map(present.user) };
    },
  );

  app.get(
    '/users/:id',
    {
      onRequest: guard({ scope: 'team:read', metered: true }),
      schema: {
        operationId: 'getUser',
        summary: 'Read one person',
        tags,
        params: IdParams,
        response: responses({ 200: UserResponse }, [404]),
      },
    },
    async (request) => ({ data: present.user(await services.users.get(actor(request), request.params.id)) }),
  );

  app.post(
    '/users',
    {
      onRequest: guard({ scope: 'team:write', metered: true }),
      schema: {
        operationId: 'createUser',
        summary: 'Invite a person',
        description:
          'Adds a member, editor or admin and mails them a single-use link (valid 7 days) to choose a password. No password is set or returned.',
        tags,
        body: CreateUserBody,
        response: responses({ 201: UserResponse }),
      },
    },
    async (request, reply) => {
      const acting = actor(request);
      const user = await services.users.create({ ...request.body, accountId: acting.accountId }, acting);
      return reply.code(201).send({ data: present.user(user) });
    },
  );

  app.patch(
    '/users/:id',
    {
      onRequest: guard({ scope: 'team:write', metered: true }),
      schema: {
        operationId: 'updateUser',
        summary: "Change a person's name, role or status",
        description: 'An owner cannot be changed, and nobody can be made an owner (403).',
        tags,
        params: IdParams,
        body: UpdateUserBody,
        response: responses({ 200: UserResponse }, [404]),
      },
    },
    async (request) => ({
      data: present.user(await services.users.update(actor(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    '/users/:id',
    {
      onRequest: guard({ scope: 'team:write', metered: true }),
      schema: {
        operationId: 'removeUser',
        summary: 'Remove a person (suspends them)',
        description:
          'The record keeps its id and everything the person made stays. All their sessions, API tokens and password links end at once. An owner cannot be removed (403).',
        tags,
        params: IdParams,
        response: responses({ 200: UserResponse }, [404]),
      },
    },
    async (request) => ({ data: present.user(await services.users.suspend(actor(request), request.params.id)) }),
  );
};
