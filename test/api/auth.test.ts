import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { SCOPES } from '../../src/platform/authz/scopes.js';
import { TokensRepository } from '../../src/identity/store/tokens.repository.js';
import { OPERATOR, person } from '../../src/platform/authz/roles.policy.js';
import { createHarness, type Harness } from '../support/harness.js';
import { documentedRoutes, type DocumentedRoute } from '../support/routes.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('authentication ($name)', (store) => {
  let h: Harness;
  let routes: DocumentedRoute[];
  beforeAll(async () => {
    h = await createHarness(store);
    routes = documentedRoutes(h.app);
  });
  afterAll(() => h.close());

  const call = (route: DocumentedRoute, headers: Record<string, string>) =>
    h.request({ method: route.method as 'GET', url: route.url, headers, ...(route.hasBody ? { payload: {} } : {}) });

  it('documents a scope on every route except /me and /me/account (the role decides who sets the time zone)', () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      if (route.template === '/me' || route.template === '/me/account') expect(route.scope).toBeNull();
      else expect(SCOPES).toContain(route.scope);
    }
  });

  it('gives one identical 401 for every way a token can be unusable, on every route', async () => {
    const { account, owner } = await h.factory.tenant();
    const revoked = await h.factory.token(account.id, [...SCOPES]);
    const revokedId = (await h.services.identity.tokens.authenticate(revoked))!.token.id;
    await h.services.identity.tokens.revoke(OPERATOR, revokedId);
    const expiring = await h.factory.token(account.id, [...SCOPES], { expiresAt: h.clock.now() + 1000 });
    const member = await h.factory.user(account.id, 'editor');
    const memberToken = await h.factory.token(account.id, ['codes:read'], { userId: member.id });
    await h.infra.database.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', member.id).execute();
    const suspended = await h.factory.tenant();
    await h.services.identity.accounts.suspend(OPERATOR, suspended.account.id);
    const valid = await h.factory.token(account.id, [...SCOPES]);
    h.clock.advance(2000);
    expect(owner.role).toBe('owner');

    const cases: Record<string, Record<string, string>> = {
      missing: {},
      'basic scheme': { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      'bearer without token': { authorization: 'Bearer' },
      'bearer with garbage': { authorization: 'Bearer not-a-token' },
      'unknown token of the right shape': { authorization: `Bearer qrelay1_${'A'.repeat(32)}` },
      'token with a changed character': { authorization: `Bearer ${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}` },
      revoked: { authorization: `Bearer ${revoked}` },
      expired: { authorization: `Bearer ${expiring}` },
      'suspended user': { authorization: `Bearer ${memberToken}` },
      'suspended company': { authorization: `Bearer ${suspended.token}` },
      'X-API-Key instead of Bearer': { 'x-api-key': valid },
      'X-API-Key with a bearer prefix': { 'x-api-key': `Bearer ${valid}` },
    };
    for (const route of routes) {
      const bodies = new Set<string>();
      for (const [name, headers] of Object.entries(cases)) {
        const res = await call(route, headers);
        expect(res.statusCode, `${route.method} ${route.template}: ${name}`).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer');
        expect(res.headers['ratelimit-limit']).toBeDefined();
        bodies.add(res.body);
      }
      expect(bodies.size, `${route.method} ${route.template}`).toBe(1);
      expect(JSON.parse([...bodies][0]!).error.code).toBe('unauthorized');
    }
    const ok = await h.request({ method: 'GET', url: '/api/v1/me', token: valid });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a valid token without the route scope with 403, and a write scope never implies read', async () => {
    const { account } = await h.factory.tenant({ plan: 'enterprise' });
    for (const route of routes.filter((r) => r.scope)) {
      const others = SCOPES.filter((s) => !route.oneOf.includes(s));
      const without = await call(route, { authorization: `Bearer ${await h.factory.token(account.id, others)}` });
      expect(without.statusCode, `${route.method} ${route.template} without ${route.scope}`).toBe(403);
      expect(without.json().error.code).toBe('forbidden');

      const only = await call(route, { authorization: `Bearer ${await h.factory.token(account.id, route.allOf)}` });
      expect([401, 403], `${route.method} ${route.template} with only ${route.scope}`).not.toContain(only.statusCode);
    }
    for (const route of routes.filter((r) => r.scope?.endsWith(':read'))) {
      const writeOnly = route.scope!.replace(':read', ':write');
      if (!(SCOPES as readonly string[]).includes(writeOnly)) continue;
      const res = await call(route, { authorization: `Bearer ${await h.factory.token(account.id, [writeOnly])}` });
      expect(res.statusCode, `${route.method} ${route.template} with ${writeOnly}`).toBe(403);
    }
  });

  it('gives the free plan 402 plan_required everywhere but /me', async () => {
    const { token } = await h.factory.tenant({ plan: 'free' });
    for (const route of routes) {
      // One request a minute: more routes than a minute's rate allows, and this test is about the plan.
      h.clock.advance(60_000);
      const res = await call(route, { authorization: `Bearer ${token}` });
      if (route.template === '/me') expect(res.statusCode).toBe(200);
      else {
        expect(res.statusCode, `${route.method} ${route.template}`).toBe(402);
        expect(res.json().error.code).toBe('plan_required');
      }
    }
  });

  it('stores tokens only as a hash and shows the secret once', async () => {
    const { account } = await h.factory.tenant();
    const { token, record } = await h.services.identity.tokens.create(OPERATOR, {
      accountId: account.id,
      scopes: ['codes:read'],
    });
    expect(token).toMatch(/^qrelay1_[0-9A-Za-z]{32}$/);
    const row = await h.infra.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', record.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token.slice('qrelay1_'.length));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('records last use without a write per request', async () => {
    const { account } = await h.factory.tenant();
    const { token, record } = await h.services.identity.tokens.create(OPERATOR, {
      accountId: account.id,
      scopes: ['codes:read'],
    });
    const touch = vi.spyOn(TokensRepository.prototype, 'touch');
    /** The writes of this token's last use issued so far; awaiting them waits until they are stored. */
    const writes = () => touch.mock.results.filter((_, i) => touch.mock.calls[i]![0] === record.id).map((r) => r.value);
    const lastUsed = async () =>
      (
        await h.infra.database.db
          .selectFrom('api_tokens')
          .select('last_used_at')
          .where('id', '=', record.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const me = async () => expect((await h.request({ method: 'GET', url: '/api/v1/me', token })).statusCode).toBe(200);
    try {
      const first = h.clock.now();
      for (let i = 0; i < 6; i += 1) {
        await me();
        h.clock.advance(10_000);
      }
      // Six requests within a minute: one write, of the first use.
      expect(writes()).toHaveLength(1);
      await Promise.all(writes());
      expect(await lastUsed()).toBe(first);

      // Over a minute after the recorded use, the next request records it again.
      h.clock.set(first + 60_001);
      await me();
      expect(writes()).toHaveLength(2);
      await Promise.all(writes());
      expect(await lastUsed()).toBe(first + 60_001);
    } finally {
      touch.mockRestore();
    }
  });

  it('reads a busy token from the store once a second; revoking, demoting or suspending takes effect at once', async () => {
    const { account, owner } = await h.factory.tenant();
    const ownerActor = person(account.id, owner.id, 'owner');
    const editor = await h.factory.user(account.id, 'editor');
    const token = await h.factory.token(account.id, ['codes:read', 'codes:write'], { userId: editor.id });
    const list = () => h.request({ method: 'GET', url: '/api/v1/codes', token });
    const create = () =>
      h.request({ method: 'POST', url: '/api/v1/codes', token, payload: { name: 'Menu', url: 'https://example.com/menu' } });
    const reads = vi.spyOn(TokensRepository.prototype, 'findByHash');
    try {
      for (let i = 0; i < 5; i += 1) expect((await list()).statusCode).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
      h.clock.advance(1001);
      expect((await list()).statusCode).toBe(200);
      expect(reads).toHaveBeenCalledTimes(2);

      // A demotion through the service: the token's write scope is gone with the next request.
      expect((await create()).statusCode).toBe(201);
      await h.services.identity.users.update(ownerActor, editor.id, { role: 'member' });
      expect((await create()).statusCode).toBe(403);
      expect((await list()).statusCode).toBe(200);

      // A change made out of band (the admin CLI, another instance without Redis) within a second.
      await h.infra.database.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', editor.id).execute();
      h.clock.advance(1001);
      expect((await list()).statusCode).toBe(401);

      // Suspending the company ends a token read a moment ago.
      const other = await h.factory.tenant();
      const otherToken = await h.factory.token(other.account.id, ['codes:read']);
      const otherList = () => h.request({ method: 'GET', url: '/api/v1/codes', token: otherToken });
      expect((await otherList()).statusCode).toBe(200);
      await h.services.identity.accounts.suspend(OPERATOR, other.account.id);
      expect((await otherList()).statusCode).toBe(401);

      // As does revoking it.
      const mine = await h.factory.token(account.id, ['codes:read']);
      const mineList = () => h.request({ method: 'GET', url: '/api/v1/codes', token: mine });
      expect((await mineList()).statusCode).toBe(200);
      await h.services.identity.tokens.revoke(OPERATOR, (await h.services.identity.tokens.authenticate(mine))!.token.id);
      expect((await mineList()).statusCode).toBe(401);
    } finally {
      reads.mockRestore();
    }
  });

  it('lets only an owner hold team:write', async () => {
    const { account } = await h.factory.tenant();
    const admin = await h.factory.user(account.id, 'admin');
    await expect(
      h.services.identity.tokens.create(OPERATOR, { accountId: account.id, scopes: ['team:write'], userId: admin.id }),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      h.services.identity.tokens.create(OPERATOR, { accountId: account.id, scopes: ['team:read'], userId: admin.id }),
    ).resolves.toBeDefined();
    await expect(
      h.services.identity.tokens.create(OPERATOR, { accountId: account.id, scopes: ['nope:read'] }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });
});
