import { iso, isoOrNull } from '../../lib/clock.js';
import type { ApiToken } from '../../identity/index.js';

/** A person's own API token as the dashboard shows it (never its secret, which is shown once at creation). */
export const presentToken = (token: ApiToken) => ({
  id: token.id,
  name: token.name,
  scopes: token.scopes,
  createdAt: iso(token.createdAt),
  expiresAt: isoOrNull(token.expiresAt),
  revokedAt: isoOrNull(token.revokedAt),
  lastUsedAt: isoOrNull(token.lastUsedAt),
});
