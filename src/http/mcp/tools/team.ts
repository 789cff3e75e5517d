import { CreateUserBody, ListUsersQuery, UpdateUserBody, UserListResponse, UserResponse } from '../../api/v1/users/schema.js';
import { IdParams } from '../../schemas.js';
import { ADD, CHANGE, defineTool, READ, toolInput } from '../tool.js';

/** Team members: the same service calls, role policy and presenter as /api/v1/users. */
export const teamTools = [
  defineTool({
    name: 'team_list',
    title: 'List the team',
    description:
      'Lists the people on the account, oldest first (the owner leads), with role, status and last sign-in; page with limit (1-100, default 25) and offset.',
    scope: 'team:read',
    input: toolInput(ListUsersQuery),
    output: UserListResponse,
    annotations: READ,
    async handler(page, { services, actor, present }) {
      return { data: (await services.users.list(actor, page)).map(present.user) };
    },
  }),
  defineTool({
    name: 'team_get',
    title: 'Read a team member',
    description: 'Reads one person on the account by id.',
    scope: 'team:read',
    input: toolInput(IdParams),
    output: UserResponse,
    annotations: READ,
    async handler({ id }, { services, actor, present }) {
      return { data: present.user(await services.users.get(actor, id)) };
    },
  }),
  defineTool({
    name: 'team_invite',
    title: 'Invite a team member',
    description:
      'Adds a member, editor or admin and mails them a single-use link (valid 7 days) to choose a password. No password is set or returned. Role owner is refused (forbidden).',
    scope: 'team:write',
    input: toolInput(CreateUserBody),
    output: UserResponse,
    annotations: ADD,
    async handler(args, { services, actor, present }) {
      return {
        data: present.user(await services.users.create({ ...args, accountId: actor.accountId }, actor)),
      };
    },
  }),
  defineTool({
    name: 'team_update',
    title: 'Change a team member',
    description:
      'Changes a person\'s name, role (member, editor, admin) or status ("suspended" signs them out everywhere). An owner cannot be changed and nobody can be made an owner (forbidden).',
    scope: 'team:write',
    input: toolInput(IdParams, UpdateUserBody),
    output: UserResponse,
    annotations: CHANGE,
    async handler({ id, ...changes }, { services, actor, present }) {
      return { data: present.user(await services.users.update(actor, id, changes)) };
    },
  }),
  defineTool({
    name: 'team_suspend',
    title: 'Remove a team member',
    description:
      'Removes a person by suspending them: the record and everything they made keep their ids; their sessions, API tokens and password links end at once. An owner cannot be removed (forbidden).',
    scope: 'team:write',
    input: toolInput(IdParams),
    output: UserResponse,
    annotations: CHANGE,
    async handler({ id }, { services, actor, present }) {
      return { data: present.user(await services.users.suspend(actor, id)) };
    },
  }),
];
