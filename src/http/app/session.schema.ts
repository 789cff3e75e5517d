import { Type } from '@sinclair/typebox';
import { PERMISSIONS, PLAN_NAMES, SCOPES } from '../../platform/index.js';
import { DataEnvelope, Nullable, StringEnum } from '../schemas.js';

const Email = Type.String({ minLength: 1, maxLength: 320 });
const Password = Type.String({ minLength: 1, maxLength: 1024 });
const Secret = Type.String({ minLength: 1, maxLength: 200 });

export const SessionState = Type.Object(
  {
    csrfToken: Type.String({ description: 'Send it back in the X-CSRF-Token header of every state change.' }),
    setupPending: Type.Boolean({ description: 'The store has no account yet; the set-up address is in the log.' }),
    secondFactorPending: Type.Boolean({ description: 'The password was right; the second factor is awaited.' }),
    twoFactor: Nullable(
      Type.Object({
        enabled: Type.Boolean({ description: 'The person has two-factor sign-in.' }),
        required: Type.Boolean({ description: 'The account requires it; without it only one’s own security can be changed.' }),
      }),
    ),
    mailConfigured: Type.Boolean({
      description: 'The server sends mail; without it, invitations and confirmation links are shown to copy instead.',
    }),
    user: Nullable(
      Type.Object({
        id: Type.String(),
        email: Type.String(),
        name: Nullable(Type.String()),
        role: StringEnum(['owner', 'admin', 'editor', 'member']),
      }),
    ),
    account: Nullable(Type.Object({ id: Type.String(), name: Type.String(), plan: StringEnum(PLAN_NAMES) })),
    scopes: Type.Array(StringEnum(SCOPES), { description: 'What the role allows a token.' }),
    permissions: Type.Array(StringEnum(PERMISSIONS)),
  },
  { title: 'SessionState' },
);
export const SessionResponse = DataEnvelope(SessionState);

export const SignInBody = Type.Object({ email: Email, password: Password }, { additionalProperties: false });
export const ForgotBody = Type.Object({ email: Email }, { additionalProperties: false });
export const SetPasswordBody = Type.Object({ token: Secret, password: Password }, { additionalProperties: false });
export const SetupBody = Type.Object(
  { token: Secret, accountName: Type.String({ minLength: 1, maxLength: 200 }), email: Email, password: Password },
  { additionalProperties: false },
);
