import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, scopesForRole, sessionScopesForRole } from './roles.policy.js';
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
