import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../lib/errors.js';
import {
  actsIn,
  assertCan,
  assertMayManage,
  assertOperatorOrSystem,
  can,
  OPERATOR,
  PERMISSIONS,
  person,
  scopesForRole,
  sessionScopesForRole,
  SYSTEM,
  type Actor,
} from './roles.policy.js';
import { ROLES } from '../../identity/index.js';

describe('roles policy', () => {
  it('grants each role everything the role below it may do', () => {
    for (let i = 1; i < ROLES.length; i += 1) {
      for (const permission of PERMISSIONS) {
        if (can(ROLES[i - 1]!, permission)) expect(can(ROLES[i]!, permission)).toBe(true);
      }
    }
  });

  it('matches docs/roles.md', () => {
    expect(PERMISSIONS.filter((p) => can('member', p))).toEqual(['content:read', 'analytics:read', 'team:read', 'tokens:create']);
    expect(can('editor', 'content:write')).toBe(true);
    expect(can('editor', 'team:manage')).toBe(false);
    expect(can('admin', 'team:manage')).toBe(true);
    expect(can('admin', 'account:manage')).toBe(false);
    expect(can('owner', 'account:manage')).toBe(true);
  });

  it('gives team:write only to owners and write scopes only from editor up', () => {
    expect(scopesForRole('member').every((s) => s.endsWith(':read'))).toBe(true);
    expect(scopesForRole('editor')).toContain('codes:write');
    expect(scopesForRole('admin')).not.toContain('team:write');
    expect(scopesForRole('owner')).toContain('team:write');
  });

  it("gives a dashboard session every scope its role's permissions cover, team:write from admin up", () => {
    expect(sessionScopesForRole('member')).toEqual(scopesForRole('member'));
    expect(sessionScopesForRole('editor')).toEqual(scopesForRole('editor'));
    expect(sessionScopesForRole('admin')).toEqual([...scopesForRole('admin'), 'team:write']);
    expect(sessionScopesForRole('owner')).toEqual(scopesForRole('owner'));
  });
});

describe('the actor', () => {
  const member = person('acc-1', 'user-1', 'member');
  const owner = person('acc-1', 'user-2', 'owner');

  it('lets the operator and the system do what any role may, and checks a person by role', () => {
    for (const permission of PERMISSIONS) {
      expect(() => assertCan(OPERATOR, permission)).not.toThrow();
      expect(() => assertCan(SYSTEM, permission)).not.toThrow();
      expect(() => assertCan(owner, permission)).not.toThrow();
      for (const role of ROLES) {
        const attempt = () => assertCan(person('acc-1', 'user-3', role), permission);
        if (can(role, permission)) expect(attempt).not.toThrow();
        else expect(attempt).toThrow(Forbidden);
      }
    }
    expect(() => assertCan(member, 'content:write')).toThrow('The member role does not allow content:write.');
    expect(() => assertCan(member, 'team:manage', 'Only an owner or an admin can manage the team.')).toThrow(
      'Only an owner or an admin can manage the team.',
    );
  });

  it('keeps a person in their own account and lets the operator and the system into any', () => {
    expect(actsIn(member, 'acc-1')).toBe(true);
    expect(actsIn(member, 'acc-2')).toBe(false);
    expect(actsIn(OPERATOR, 'acc-2')).toBe(true);
    expect(actsIn(SYSTEM, 'acc-2')).toBe(true);
  });

  it('keeps a person out of what only the operator and the system do', () => {
    expect(() => assertOperatorOrSystem(OPERATOR)).not.toThrow();
    expect(() => assertOperatorOrSystem(SYSTEM)).not.toThrow();
    for (const role of ROLES) expect(() => assertOperatorOrSystem(person('acc-1', 'user-3', role))).toThrow(Forbidden);
  });

  it('lets the operator manage the team, but never reach an owner or make one; a person never changes themself', () => {
    const editor = { id: 'user-3', role: 'editor' as const, status: 'active' };
    expect(() => assertMayManage(OPERATOR, editor, { role: 'admin', status: 'suspended' })).not.toThrow();
    expect(() => assertMayManage(OPERATOR, { id: 'user-2', role: 'owner', status: 'active' }, { status: 'suspended' })).toThrow(
      'An owner cannot be changed or removed.',
    );
    expect(() => assertMayManage(OPERATOR, editor, { role: 'owner' })).toThrow('Nobody can be made an owner.');
    expect(() => assertMayManage(person('acc-1', 'user-3', 'editor'), editor, { role: 'member' })).toThrow(
      'Only an owner or an admin can manage the team.',
    );
    const admin = person('acc-1', 'user-4', 'admin');
    expect(() => assertMayManage(admin, { id: 'user-4', role: 'admin', status: 'active' }, { role: 'member' })).toThrow(
      'You cannot change your own role or status.',
    );
    expect(() => assertMayManage(admin, editor, { role: 'member' })).not.toThrow();
  });

  it('refuses an actor of no known kind rather than trusting it', () => {
    const unknown = { accountId: 'acc-1', userId: 'user-1', role: 'owner' } as unknown as Actor;
    expect(() => assertCan(unknown, 'content:read')).toThrow(Forbidden);
    expect(() => actsIn(unknown, 'acc-1')).toThrow(Forbidden);
  });
});
