import type { ApiRoutes } from '../context.js';
import { CreateUserBody, ListUsersQuery, UpdateUserBody, UserListResponse, UserResponse } from './schema.js';
import { declareRoutes } from '../route.js';
import { resourceRoutes } from '../resource.js';

const route = declareRoutes(['team']);

export const usersRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const read = guard({ scope: 'team:read', metered: true });
  const write = guard({ scope: 'team:write', metered: true });
  const users = resourceRoutes(app, route, {
    path: '/users',
    read,
    write,
    present: present.user,
    response: UserResponse,
    listResponse: UserListResponse,
  });

  users.list('listUsers', 'List the people on the account', {
    description: 'Oldest first (the owner leads), with roles, status and last sign-in.',
    querystring: ListUsersQuery,
    run: (acting, query) => services.users.list(acting, query),
  });

  users.get('getUser', 'Read one person', {
    run: (acting, id) => services.users.get(acting, id),
  });

  users.create('createUser', 'Invite a person', {
    description:
      'Adds a member, editor or admin and mails them a single-use link (valid 7 days) to choose a password. No password is set or returned.',
    body: CreateUserBody,
    run: (acting, body) => services.users.create(acting, { ...body, accountId: acting.accountId }),
  });

  users.update('updateUser', "Change a person's name, role or status", {
    description: 'An owner cannot be changed, and nobody can be made an owner (403).',
    body: UpdateUserBody,
    run: (acting, id, body) => services.users.update(acting, id, body),
  });

  /** Not a `remove`: the person is suspended, and the answer is their record. */
  users.retire('removeUser', 'Remove a person (suspends them)', {
    description:
      'The record keeps its id and everything the person made stays. All their sessions, API tokens and password links end at once. An owner cannot be removed (403).',
    run: (acting, id) => services.users.suspend(acting, id),
  });
};
