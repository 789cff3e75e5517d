import { Type } from '@sinclair/typebox';
import { ROLES, USER_STATUSES } from '../../../../identity/index.js';
import { DataEnvelope, DateTime, Nullable, Pagination, StringEnum } from '../../../schemas.js';

export const User = Type.Object(
  {
    id: Type.String(),
    email: Type.String({ format: 'email' }),
    name: Nullable(Type.String()),
    role: StringEnum(ROLES),
    status: StringEnum(USER_STATUSES),
    createdAt: DateTime,
    lastSignInAt: Nullable(DateTime),
  },
  { title: 'User', description: 'A person on the account (team member).' },
);

const Name = Nullable(Type.String({ maxLength: 200, description: 'Display name; null or empty clears it.' }));
const AssignableRole = Type.String({
  maxLength: 16,
  description: 'member, editor or admin. owner is refused with 403: nobody is made an owner through the API.',
  examples: ['member', 'editor', 'admin'],
});

export const CreateUserBody = Type.Object(
  {
    email: Type.String({ maxLength: 254, description: 'Unique within the account.' }),
    name: Type.Optional(Name),
    role: AssignableRole,
  },
  { additionalProperties: false },
);

export const UpdateUserBody = Type.Object(
  {
    name: Type.Optional(Name),
    role: Type.Optional(AssignableRole),
    status: Type.Optional(StringEnum(USER_STATUSES)),
  },
  { additionalProperties: false, description: 'Send at least one field. status "suspended" signs the person out everywhere.' },
);

export const ListUsersQuery = Type.Object({ limit: Pagination.limit(), offset: Pagination.offset() });

export const UserResponse = DataEnvelope(User);
export const InvitedUserResponse = DataEnvelope(
  Type.Composite([
    User,
    Type.Object({
      invitationUrl: Nullable(
        Type.String({
          description:
            'The single-use link (valid 7 days) where the person chooses a password, answered only when this server sends no mail: hand it over yourself. Null when it was mailed.',
        }),
      ),
    }),
  ]),
);
export const UserListResponse = DataEnvelope(Type.Array(User));
