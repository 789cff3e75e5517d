import { afterAll, beforeAll, expect, it } from 'vitest';
import { Forbidden } from '../../src/lib/errors.js';
import { OPERATOR, person, SYSTEM, type Operator } from '../../src/platform/authz/roles.policy.js';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeRoles } from '../support/roles.js';
import { describeEach, STORES } from '../support/stores.js';

for (const store of STORES) {
  // Every role reads its account and the settings: the dashboard's settings page never refused anybody signed in.
  describeRoles('accounts service', store, [
    { operation: 'get', least: 'member', run: (actor, { h }) => h.services.identity.accounts.get(actor, actor.accountId) },
    {
      operation: 'settings',
      least: 'member',
      run: (actor, { h }) => h.services.identity.accounts.settings(actor, actor.accountId),
    },
  ]);
}

describeEach(STORES)('accounts service: who acts ($name)', (store) => {
  let h: Harness;
  let acme: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    acme = await h.factory.tenant({ plan: 'starter', domain: 'go.acme-accounts.test', ratePerMinute: 90 });
    other = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('gives the plan, the allowance used and the custom domain with its DNS record', async () => {
    for (let i = 0; i < 2; i++) await h.request({ method: 'GET', url: '/api/v1/codes', token: acme.token });
    const member = await h.factory.user(acme.account.id, 'member');
    const settings = await h.services.identity.accounts.settings(person(acme.account.id, member.id, 'member'), acme.account.id);
    expect(settings).toMatchObject({
      plan: { name: 'starter', apiAccess: true, webhooks: false, ratePerMinute: 90, maxCodes: 100 },
      allowance: { limit: 10_000, used: 2, resetsAt: expect.any(Number) },
      domain: {
        host: 'go.acme-accounts.test',
        record: { type: 'CNAME', name: 'go.acme-accounts.test', value: `${new URL(h.config.publicUrl).hostname}.` },
      },
    });
    expect((await h.services.identity.accounts.settings(ownerOf(other), other.account.id)).domain).toBeNull();
  });

  it('refuses a person another account’s settings with 404, as any other account, and lets the operator and the system read any', async () => {
    await expect(h.services.identity.accounts.settings(ownerOf(other), acme.account.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(h.services.identity.accounts.get(ownerOf(other), acme.account.id)).rejects.toMatchObject({ code: 'not_found' });
    const own = await h.services.identity.accounts.settings(ownerOf(acme), acme.account.id);
    expect(await h.services.identity.accounts.settings(OPERATOR, acme.account.id)).toEqual(own);
    expect(await h.services.identity.accounts.settings(SYSTEM, acme.account.id)).toEqual(own);
  });

  it('creates and suspends accounts for the operator only: a person is refused whatever their role', async () => {
    const owner = ownerOf(acme) as unknown as Operator;
    await expect(h.services.identity.accounts.create(owner, { name: 'Mine now', plan: 'free' })).rejects.toBeInstanceOf(
      Forbidden,
    );
    await expect(h.services.identity.accounts.suspend(owner, acme.account.id)).rejects.toBeInstanceOf(Forbidden);
    expect((await h.services.identity.accounts.get(OPERATOR, acme.account.id)).status).toBe('active');
    const made = await h.services.identity.accounts.create(SYSTEM, { name: 'Made by the system', plan: 'free' });
    expect((await h.services.identity.accounts.suspend(OPERATOR, made.account.id)).status).toBe('suspended');
  });
});
