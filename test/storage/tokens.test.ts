import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR, person, SYSTEM } from '../../src/platform/authz/roles.policy.js';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('tokens service: one API, whoever acts ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
    other = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('issues a person’s token for themself in their own account only, within their role', async () => {
    const member = await h.factory.user(t.account.id, 'member');
    const acting = person(t.account.id, member.id, 'member');
    const { record } = await h.services.identity.tokens.create(acting, { accountId: t.account.id, scopes: ['codes:read'] });
    expect(record).toMatchObject({ accountId: t.account.id, userId: member.id, scopes: ['codes:read'] });
    await expect(
      h.services.identity.tokens.create(acting, { accountId: t.account.id, scopes: ['codes:write'] }),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      h.services.identity.tokens.create(acting, { accountId: t.account.id, userId: t.owner.id, scopes: ['codes:read'] }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      h.services.identity.tokens.create(acting, { accountId: other.account.id, scopes: ['codes:read'] }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect((await h.services.identity.tokens.list(acting)).map((token) => token.id)).toEqual([record.id]);
  });

  it('issues the operator’s tokens in any account it names, for the owner unless it names somebody', async () => {
    const editor = await h.factory.user(other.account.id, 'editor');
    const forOwner = await h.services.identity.tokens.create(OPERATOR, { accountId: other.account.id, scopes: ['codes:read'] });
    expect(forOwner.record.userId).toBe(other.owner.id);
    const forEditor = await h.services.identity.tokens.create(OPERATOR, {
      accountId: other.account.id,
      userId: editor.id,
      scopes: ['codes:write'],
    });
    expect(forEditor.record.userId).toBe(editor.id);
  });

  it('revokes a person’s own token only (anybody else’s is not found), and any token for the operator and the system', async () => {
    const mine = await h.services.identity.tokens.create(ownerOf(t), { accountId: t.account.id, scopes: ['codes:read'] });
    const admin = await h.factory.user(t.account.id, 'admin');
    const colleague = person(t.account.id, admin.id, 'admin');
    await expect(h.services.identity.tokens.revoke(colleague, mine.record.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.services.identity.tokens.revoke(ownerOf(other), mine.record.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await h.services.identity.tokens.revoke(ownerOf(t), mine.record.id)).revokedAt).toEqual(expect.any(Number));
    for (const actor of [OPERATOR, SYSTEM]) {
      const theirs = await h.services.identity.tokens.create(OPERATOR, { accountId: other.account.id, scopes: ['codes:read'] });
      expect((await h.services.identity.tokens.revoke(actor, theirs.record.id)).revokedAt).toEqual(expect.any(Number));
    }
    await expect(h.services.identity.tokens.revoke(OPERATOR, 'no-such-token')).rejects.toMatchObject({ code: 'not_found' });
  });
});
