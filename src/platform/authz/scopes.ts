import { InvalidRequest } from '../../lib/errors.js';

/** Every scope of SPEC section 5. A write scope never implies the matching read scope. */
export const SCOPES = [
  'codes:read',
  'codes:write',
  'links:read',
  'links:write',
  'analytics:read',
  'cards:read',
  'cards:write',
  'pages:read',
  'pages:write',
  'forms:read',
  'forms:write',
  'media:read',
  'gs1:read',
  'gs1:write',
  'campaigns:read',
  'campaigns:write',
  'team:read',
  'team:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);

/** Parses "a:read,b:write" (or a list); refuses unknown scopes and an empty set. */
export function parseScopes(input: string | readonly string[]): Scope[] {
  const parts = (typeof input === 'string' ? input.split(/[,\s]+/) : [...input]).map((s) => s.trim()).filter(Boolean);
  if (parts.length === 0) throw new InvalidRequest('At least one scope is required.', 'scopes');
  const unknown = parts.filter((s) => !isScope(s));
  if (unknown.length > 0)
    throw new InvalidRequest(`Unknown scope(s): ${unknown.join(', ')}. Valid scopes: ${SCOPES.join(', ')}.`, 'scopes');
  return [...new Set(parts as Scope[])].sort((a, b) => SCOPES.indexOf(a) - SCOPES.indexOf(b));
}
