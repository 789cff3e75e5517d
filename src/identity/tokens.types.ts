import type { Plan, Scope } from '../platform/index.js';
import type { Role } from './users.types.js';

/** Fixed service-specific prefix of every token (SPEC 5 rule 2: ends in "1_"). */
export const TOKEN_PREFIX = 'qrelay1_';
/** Random part: 32 base62 characters, about 190 bits. */
export const TOKEN_SECRET_LENGTH = 32;

export interface ApiToken {
  id: string;
  accountId: string;
  userId: string;
  name: string | null;
  scopes: Scope[];
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  lastUsedAt: number | null;
}

/** Who is calling: established once per request by authentication. */
export interface Principal {
  token: ApiToken;
  user: { id: string; role: Role };
  account: { id: string; name: string; plan: Plan };
}
