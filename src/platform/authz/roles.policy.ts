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

/** A person with a role in an account: who every surface authenticates (API token, dashboard session). */
export interface Person {
  readonly kind: 'person';
  readonly accountId: string;
  readonly userId: string;
  readonly role: Role;
}

/** Whoever runs the instance, at the CLI: acts on any account it names. */
export interface Operator {
  readonly kind: 'operator';
}

/** qrelay acting by itself: jobs, first-run set-up, what public pages record, internal work. */
export interface System {
  readonly kind: 'system';
}

/** Who acts on an account's data, always one of these three: a service checks a person by role and trusts the other two. */
export type Actor = Person | Operator | System;

export const person = (accountId: string, userId: string, role: Role): Person => ({ kind: 'person', accountId, userId, role });
export const OPERATOR: Operator = Object.freeze({ kind: 'operator' });
export const SYSTEM: System = Object.freeze({ kind: 'system' });

export const can = (role: Role, permission: Permission): boolean => GRANTS[role].includes(permission);

/** Whether roles apply to `actor`: they do to a person; the operator and the system are above them. */
export function isPerson(actor: Actor): actor is Person {
  switch (actor.kind) {
    case 'person':
      return true;
    case 'operator':
    case 'system':
      return false;
  }
  // Unreachable for typed callers: an actor of no known kind (plain JavaScript) is refused, never trusted.
  throw new Forbidden('The acting party is unknown.');
}

/** Refuses a person whose role lacks `permission`; the operator and the system always pass. */
export function assertCan(actor: Actor, permission: Permission, message?: string): void {
  if (isPerson(actor) && !can(actor.role, permission)) {
    throw new Forbidden(message ?? `The ${actor.role} role does not allow ${permission}.`);
  }
}

/**
 * Refuses a person where no role applies: what only the operator and the system do (accounts, GS1
 * prefixes, password links at the CLI, the jobs' upkeep).
 */
export function assertOperatorOrSystem(actor: Actor): asserts actor is Operator | System {
  if (isPerson(actor)) throw new Forbidden('Only the operator can do this.');
}

/** Whether `actor` may act in this account: a person in their own only, the operator and the system in any. */
export const actsIn = (actor: Actor, accountId: string): boolean => !isPerson(actor) || actor.accountId === accountId;

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
 * Owners are out of reach of everybody (the operator and the system too), nobody is ever made an
 * owner, and no person changes their own role or status (so an account cannot lock itself out).
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
  if (isPerson(actor) && target.id === actor.userId && changesAccess) {
    throw new Forbidden('You cannot change your own role or status.');
  }
}

/** The actor behind an API request or a dashboard session: the principal's person, in its account. */
export const actorOf = (principal: { account: { id: string }; user: { id: string; role: Role } }): Person =>
  person(principal.account.id, principal.user.id, principal.user.role);
