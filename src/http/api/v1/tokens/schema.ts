import { Type } from '@sinclair/typebox';
import { SCOPES } from '../../../../platform/index.js';
import { DataEnvelope, DateTime, Nullable, StringEnum } from '../../../schemas.js';

const ScopeName = StringEnum(SCOPES);

export const Token = Type.Object(
  {
    id: Type.String(),
    name: Nullable(Type.String()),
    scopes: Type.Array(ScopeName),
    createdAt: DateTime,
    expiresAt: Nullable(DateTime),
    revokedAt: Nullable(DateTime),
    lastUsedAt: Nullable(DateTime),
  },
  { title: 'DashboardToken' },
);

export const CreateTokenBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    scopes: Type.Array(ScopeName, { minItems: 1, maxItems: SCOPES.length }),
    expiresAt: Type.Optional(DateTime),
  },
  { additionalProperties: false },
);

export const TokenListResponse = DataEnvelope(Type.Array(Token));
export const TokenResponse = DataEnvelope(Token);
export const CreatedTokenResponse = DataEnvelope(
  Type.Composite([Token, Type.Object({ token: Type.String({ description: 'The secret, shown this once.' }) })]),
);
