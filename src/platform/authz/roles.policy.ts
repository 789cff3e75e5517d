import { Forbidden } from '../../lib/errors.js';
import { SCOPES, type Scope } from './scopes.js';
import type { Role } from './role.js';

/**
 * What each role may do (docs/roles.md). Every surface asks this module, so the dashboard and the
 * API agree. Roles are ordered: each one may do everything the one before it may.
 */
export const PERMISSIONS = [
  /** See codes, links, folders, templates, cards, pages, forms, media, GS1 links, campaigns. */
  'content:read',
  /** Create, change, archive codes and links; save and delete templates; manage folders. */
  'content:write',
  /** Scan counts, events, webhook subscriptions. */
  'analytics:read',
  /** See who is on the team, their roles and last sign-in. */
  'team:read',
  /** Invite people, change their role or status, suspend them (never an owner). */
  'team:manage',
  /** Create API tokens for oneself, with no more than one's role allows. */
  'tokens:create',
  /** Plan, billing, the account's own domain, deleting the account. */
  'account:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MEMBER: readonly Permission[] = ['content:read', 'analytics:read', 'team:read', 'tokens:create'];
const EDITOR: readonly Permission[] = [...MEMBER, 'content:write'];
const ADMIN: readonly Permission[] = [...EDITOR, 'team:manage'];
const GRANTS: Record<Role, readonly Permission[]> = {
  member: MEMBER,
  editor: EDITOR,
  admin: ADMIN,
  owner: [...ADMIN, 'account:manage'],
};

/** The acting person, as any surface knows them (API principal or dashboard session). */
export interface Actor {
  accountId: string;
  userId: string;
  role: Role;
}

export const can = (role: Role, permission: Permission): boolean => GRANTS[role].includes(permission);

export function assertCan(actor: Pick<Actor, 'role'>, permission: Permission, message?: string): void {
  if (!can(actor.role, permission)) throw new Forbidden(message ?? `The ${actor.role} role does not allow ${permission}.`);
}

/** The permission a token scope stands for; team:write additionally needs an owner (SPEC 5 rule 8). */
function permissionOf(scope: Scope): Permission {
  if (scope === 'team:read') return 'team:read';
  if (scope === 'team:write') return 'team:manage';
  if (scope === 'analytics:read') return 'analytics:read';
  return scope.endsWith(':write') ? 'content:write' : 'content:read';
}

/** Whether a person of this role may hold (and use) a token with this scope. */
export function roleAllowsScope(role: Role, scope: Scope): boolean {
  if (scope === 'team:write') return role === 'owner';
  return can(role, permissionOf(scope));
}

/** Every scope a person of this role may hold in an API token. */
export const scopesForRole = (role: Role): Scope[] => SCOPES.filter((scope) => roleAllowsScope(role, scope));

/**
 * Every scope a dashboard session of this role holds: all its permissions cover. Unlike a token's, an
 * admin's session holds team:write, since the owner-only rule of SPEC 5 rule 8 is about tokens and the
 * services still keep owners out of everybody's reach.
 */
export const sessionScopesForRole = (role: Role): Scope[] => SCOPES.filter((scope) => can(role, permissionOf(scope)));

/**
 * Whether `actor` may manage `target` (change, suspend) and, when given, give them `newRole`.
 * Owners are out of reach of everybody, nobody is ever made an owner, and nobody changes their own
 * role or status (so an account cannot lock itself out).
 */
export function assertMayManage(
  actor: Actor,
  target: { id: string; role: Role; status: string } | null,
  change: { role?: Role; status?: string } = {},
): void {
  assertCan(actor, 'team:manage', 'Only an owner or an admin can manage the team.');
  if (change.role === 'owner') throw new Forbidden('Nobody can be made an owner.');
  if (!target) return;
  if (target.role === 'owner') throw new Forbidden('An owner cannot be changed or removed.');
  const changesAccess =
    (change.role !== undefined && change.role !== target.role) ||
    (change.status !== undefined && change.status !== target.status);
  if (target.id === actor.userId && changesAccess) {
    throw new Forbidden('You cannot change your own role or status.');
  }
}

/** The actor behind an API request: the token's person, in the token's account. */
export const actorOf = (principal: { account: { id: string }; user: { id: string; role: Role } }): Actor => ({
  accountId: principal.account.id,
  userId: principal.user.id,
  role: principal.user.role,
});
