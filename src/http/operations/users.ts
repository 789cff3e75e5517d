import {
  CreateUserBody,
  InvitedUserResponse,
  ListUsersQuery,
  UpdateUserBody,
  UserListResponse,
  UserResponse,
} from '../api/v1/users/schema.js';
import { IdParams } from '../schemas.js';
import { operation } from './operation.js';

const tag = 'team';

/** The people on the account: /api/v1/users and the team_* tools, under the same role policy. */
export const USERS = [
  operation({
    id: 'listUsers',
    tool: 'team_list',
    summary: 'List the people on the account',
    description:
      'Oldest first (the owner leads), with role, status and last sign-in; page with limit (1-100, default 25) and offset.',
    tag,
    scope: 'team:read',
    kind: 'read',
    http: 'GET /users',
    querystring: ListUsersQuery,
    output: UserListResponse,
    run: async (actor, query, { services, present }) => (await services.identity.users.list(actor, query)).map(present.user),
  }),
  operation({
    id: 'getUser',
    tool: 'team_get',
    summary: 'Read one person on the account',
    description: 'Reads one person on the account by id.',
    tag,
    scope: 'team:read',
    kind: 'read',
    http: 'GET /users/:id',
    params: IdParams,
    output: UserResponse,
    run: async (actor, { id }, { services, present }) => present.user(await services.identity.users.get(actor, id)),
  }),
  operation({
    id: 'createUser',
    tool: 'team_invite',
    summary: 'Invite a person',
    description:
      'Adds a member, editor or admin and mails them a single-use link (valid 7 days) to choose a password. No password is set or returned. When the server sends no mail, the link is answered once in invitationUrl instead. Role owner is refused (forbidden, 403).',
    tag,
    scope: 'team:write',
    kind: 'add',
    http: 'POST /users',
    body: CreateUserBody,
    output: InvitedUserResponse,
    run: async (actor, body, { services, present }) => {
      const { user, invitationUrl } = await services.identity.users.invite(actor, { ...body, accountId: actor.accountId });
      return { ...present.user(user), invitationUrl };
    },
  }),
  operation({
    id: 'updateUser',
    tool: 'team_update',
    summary: "Change a person's name, role or status",
    description:
      'Changes a person\'s name, role (member, editor, admin) or status ("suspended" signs them out everywhere). An owner cannot be changed and nobody can be made an owner (forbidden, 403).',
    tag,
    scope: 'team:write',
    kind: 'change',
    http: 'PATCH /users/:id',
    params: IdParams,
    body: UpdateUserBody,
    output: UserResponse,
    run: async (actor, { id, ...changes }, { services, present }) =>
      present.user(await services.identity.users.update(actor, id, changes)),
  }),
  // A `change`, not a `remove`: the person is suspended, and the answer is their record.
  operation({
    id: 'removeUser',
    tool: 'team_suspend',
    summary: 'Remove a person (suspends them)',
    description:
      'The record keeps its id and everything the person made stays. All their sessions, API tokens and password links end at once. An owner cannot be removed (forbidden, 403).',
    tag,
    scope: 'team:write',
    kind: 'change',
    http: 'DELETE /users/:id',
    params: IdParams,
    output: UserResponse,
    run: async (actor, { id }, { services, present }) => present.user(await services.identity.users.suspend(actor, id)),
  }),
];
