import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams, responses } from '../../../schemas.js';
import { actor, type ApiRoutes } from '../context.js';
import { CreateUserBody, ListUsersQuery, UpdateUserBody, UserListResponse, UserResponse } from './schema.js';
import { declareRoutes } from '../route.js';

const route = declareRoutes(['team']);

export const usersRoutes: ApiRoutes = async (plugin, { services, guard, present }) => {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/users',
    route(guard({ scope: 'team:read', metered: true }), 'listUsers', 'List the people on the account', {
      description: 'Oldest first (the owner leads), with roles, status and last sign-in.',
      querystring: ListUsersQuery,
      response: responses({ 200: UserListResponse }),
    }),
    async (request) => {
      const users = await services.users.list(actor(request), request.query);
      return { data: users.map(present.user) };
    },
  );

  app.get(
    '/users/:id',
    route(guard({ scope: 'team:read', metered: true }), 'getUser', 'Read one person', {
      params: IdParams,
      response: responses({ 200: UserResponse }, [404]),
    }),
    async (request) => ({ data: present.user(await services.users.get(actor(request), request.params.id)) }),
  );

  app.post(
    '/users',
    route(guard({ scope: 'team:write', metered: true }), 'createUser', 'Invite a person', {
      description:
        'Adds a member, editor or admin and mails them a single-use link (valid 7 days) to choose a password. No password is set or returned.',
      body: CreateUserBody,
      response: responses({ 201: UserResponse }),
    }),
    async (request, reply) => {
      const acting = actor(request);
      const user = await services.users.create({ ...request.body, accountId: acting.accountId }, acting);
      return reply.code(201).send({ data: present.user(user) });
    },
  );

  app.patch(
    '/users/:id',
    route(guard({ scope: 'team:write', metered: true }), 'updateUser', "Change a person's name, role or status", {
      description: 'An owner cannot be changed, and nobody can be made an owner (403).',
      params: IdParams,
      body: UpdateUserBody,
      response: responses({ 200: UserResponse }, [404]),
    }),
    async (request) => ({
      data: present.user(await services.users.update(actor(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    '/users/:id',
    route(guard({ scope: 'team:write', metered: true }), 'removeUser', 'Remove a person (suspends them)', {
      description:
        'The record keeps its id and everything the person made stays. All their sessions, API tokens and password links end at once. An owner cannot be removed (403).',
      params: IdParams,
      response: responses({ 200: UserResponse }, [404]),
    }),
    async (request) => ({ data: present.user(await services.users.suspend(actor(request), request.params.id)) }),
  );
};
