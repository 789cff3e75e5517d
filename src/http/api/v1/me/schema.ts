import { Type } from '@sinclair/typebox';
import { PLAN_NAMES, SCOPES } from '../../../../platform/index.js';
import { DataEnvelope, DateTime, Nullable, StringEnum } from '../../../schemas.js';

export const Me = Type.Object(
  {
    account: Type.Object({
      id: Type.String(),
      name: Type.String(),
      plan: StringEnum(PLAN_NAMES),
    }),
    user: Type.Object({ id: Type.String(), role: Type.String() }),
    token: Type.Object({
      id: Type.String(),
      name: Nullable(Type.String()),
      scopes: Type.Array(StringEnum(SCOPES)),
      expiresAt: Nullable(DateTime),
    }),
    allowance: Type.Object(
      {
        limit: Type.Integer({ description: 'Requests per month for the whole company.' }),
        remaining: Type.Integer(),
        resetsAt: DateTime,
      },
      { description: 'The monthly allowance; calls to /me do not spend it.' },
    ),
    rateLimit: Type.Object({
      limit: Type.Integer({ description: 'Requests per minute for this token.' }),
      remaining: Type.Integer(),
      resetSeconds: Type.Integer(),
    }),
  },
  { title: 'Me' },
);

export const MeResponse = DataEnvelope(Me);

export const AccountTimezoneBody = Type.Object(
  { timezone: Type.String({ minLength: 1, maxLength: 64, description: 'An IANA time zone, such as Europe/Berlin or UTC.' }) },
  { additionalProperties: false },
);
export const AccountTimezoneResponse = DataEnvelope(
  Type.Object(
    { timezone: Type.String({ description: 'The zone as stored (its canonical spelling).' }) },
    { title: 'AccountTimezone' },
  ),
);
