import { CreateUserBody, ListUsersQuery, UpdateUserBody, UserListResponse, UserResponse } from '../../api/v1/users/schema.js';
import { IdParams } from '../../schemas.js';
import { resourceTools } from '../tool.js';

const tool = resourceTools('team:read', 'team:write');

/** Team members: the same service calls, role policy and presenter as /api/v1/users. */
export const teamTools = [
  tool.read('team_list', 'List the team', [ListUsersQuery], UserListResponse, {
    description:
      'Lists the people on the account, oldest first (the owner leads), with role, status and last sign-in; page with limit (1-100, default 25) and offset.',
    run: async (page, { services, actor, present }) => (await services.users.list(actor, page)).map(present.user),
  }),
  tool.read('team_get', 'Read a team member', [IdParams], UserResponse, {
    description: 'Reads one person on the account by id.',
    run: async ({ id }, { services, actor, present }) => present.user(await services.users.get(actor, id)),
  }),
  tool.add('team_invite', 'Invite a team member', [CreateUserBody], UserResponse, {
    description:
      'Adds a member, editor or admin and mails them a single-use link (valid 7 days) to choose a password. No password is set or returned. Role owner is refused (forbidden).',
    run: async (args, { services, actor, present }) =>
      present.user(await services.users.create(actor, { ...args, accountId: actor.accountId })),
  }),
  tool.change('team_update', 'Change a team member', [IdParams, UpdateUserBody], UserResponse, {
    description:
      'Changes a person\'s name, role (member, editor, admin) or status ("suspended" signs them out everywhere). An owner cannot be changed and nobody can be made an owner (forbidden).',
    run: async ({ id, ...changes }, { services, actor, present }) =>
      present.user(await services.users.update(actor, id, changes)),
  }),
  tool.change('team_suspend', 'Remove a team member', [IdParams], UserResponse, {
    description:
      'Removes a person by suspending them: the record and everything they made keep their ids; their sessions, API tokens and password links end at once. An owner cannot be removed (forbidden).',
    run: async ({ id }, { services, actor, present }) => present.user(await services.users.suspend(actor, id)),
  }),
];
