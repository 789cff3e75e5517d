import type { Static } from '@sinclair/typebox';
import { iso, isoOrNull } from '../../../../lib/clock.js';
import type { User as UserRecord } from '../../../../identity/index.js';
import type { User } from './schema.js';

export function presentUser(user: UserRecord): Static<typeof User> {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    status: user.status,
    createdAt: iso(user.createdAt),
    lastSignInAt: isoOrNull(user.lastSignInAt),
  };
}
