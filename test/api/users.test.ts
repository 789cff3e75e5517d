import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import type { Tenant } from '../support/factory.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('/users ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant({ name: 'Acme' });
  });
  afterAll(() => h.close());

  const post = (body: unknown, token = t.token) =>
    h.request({ method: 'POST', url: '/api/v1/users', token, payload: body as object });
  const patch = (id: string, body: unknown, token = t.token) =>
    h.request({ method: 'PATCH', url: `/api/v1/users/${id}`, token, payload: body as object });
  const del = (id: string, token = t.token) => h.request({ method: 'DELETE', url: `/api/v1/users/${id}`, token });
  const get = (id: string, token = t.token) => h.request({ method: 'GET', url: `/api/v1/users/${id}`, token });
  const count = async () =>
    (await h.request({ method: 'GET', url: '/api/v1/users?limit=100', token: t.token })).json().data.length as number;

  describe('POST /users', () => {
    it('creates the person without a password, mails a single-use invitation link and, with no mail sent, answers it', async () => {
      const res = await post({ email: ' Ada@Example.com ', name: 'Ada', role: 'editor' });
      expect(res.statusCode).toBe(201);
      const { data } = res.json();
      expect(data).toEqual({
        id: expect.any(String),
        email: 'ada@example.com',
        name: 'Ada',
        role: 'editor',
        status: 'active',
        createdAt: '2026-01-15T12:00:00.000Z',
        lastSignInAt: null,
        invitationUrl: expect.stringMatching(/^http:\/\/qrelay\.test\/app\/set-password\?token=[0-9A-Za-z]{43}$/),
      });
      const [mail] = await h.services.platform.mail.list({ to: 'ada@example.com' });
      expect(mail!.text).toContain(data.invitationUrl);
      expect(mail).toMatchObject({ kind: 'invitation', status: 'queued', subject: expect.stringContaining('Acme') });
      expect(mail!.text).toMatch(/http:\/\/qrelay\.test\/app\/set-password\?token=[0-9A-Za-z]{43}/);

      const secret = await h.factory.mailedSecret('ada@example.com');
      await h.services.identity.passwords.resetPassword({ token: secret, password: 'a long enough secret' });
      await h.services.identity.sessions.signIn({
        accountId: t.account.id,
        email: 'ada@example.com',
        password: 'a long enough secret',
      });
      const after = (await get(data.id)).json().data;
      expect(after.lastSignInAt).toBe('2026-01-15T12:00:00.000Z');
      await expect(
        h.services.identity.passwords.resetPassword({ token: secret, password: 'another secret here' }),
      ).rejects.toMatchObject({
        code: 'invalid_request',
      });
    });

    it.each([
      [{ email: 'o1@example.com', role: 'owner' }, 403, 'forbidden'],
      [{ email: 'o2@example.com', role: 'OWNER' }, 403, 'forbidden'],
      [{ email: 'x1@example.com', role: 'superuser' }, 400, 'invalid_request'],
      [{ email: 'x2@example.com' }, 400, 'invalid_request'],
      [{ email: 'not-an-address', role: 'member' }, 400, 'invalid_request'],
      [{ email: 'x3@example', role: 'member' }, 400, 'invalid_request'],
      [{ email: 'x4@example.com', role: 'member', password: 'hunter2hunter2' }, 400, 'invalid_request'],
      [{ email: 'x5@example.com', role: 'member', name: 'n'.repeat(201) }, 400, 'invalid_request'],
    ])('refuses %j with %i and writes nothing', async (body, status, code) => {
      const before = await count();
      const outbox = (await h.services.platform.mail.list({ limit: 1000 })).length;
      const res = await post(body);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(await count()).toBe(before);
      expect((await h.services.platform.mail.list({ limit: 1000 })).length).toBe(outbox);
    });

    it('refuses an address already on the account, in any case, with 400 and no second mail', async () => {
      expect((await post({ email: 'dup@example.com', role: 'member' })).statusCode).toBe(201);
      const res = await post({ email: 'DUP@example.com', role: 'admin' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('already');
      expect(await h.services.platform.mail.list({ to: 'dup@example.com' })).toHaveLength(1);
    });

    it('allows the same address on another account', async () => {
      const other = await h.factory.tenant();
      await post({ email: 'shared@example.com', role: 'member' });
      expect((await post({ email: 'shared@example.com', role: 'member' }, other.token)).statusCode).toBe(201);
    });
  });

  describe('scopes', () => {
    it('needs team:write to change and team:read to read; neither implies the other', async () => {
      const member = await h.factory.user(t.account.id);
      const readOnly = await h.factory.token(t.account.id, ['team:read']);
      const writeOnly = await h.factory.token(t.account.id, ['team:write']);
      const codes = await h.factory.token(t.account.id, ['codes:read', 'codes:write']);
      expect((await h.request({ method: 'GET', url: '/api/v1/users', token: readOnly })).statusCode).toBe(200);
      expect((await get(member.id, readOnly)).statusCode).toBe(200);
      for (const token of [writeOnly, codes]) {
        expect((await h.request({ method: 'GET', url: '/api/v1/users', token })).statusCode).toBe(403);
        expect((await get(member.id, token)).statusCode).toBe(403);
      }
      for (const token of [readOnly, codes]) {
        expect((await post({ email: 'nope@example.com', role: 'member' }, token)).statusCode).toBe(403);
        expect((await patch(member.id, { name: 'x' }, token)).statusCode).toBe(403);
        expect((await del(member.id, token)).statusCode).toBe(403);
      }
      expect((await get(member.id)).json().data).toMatchObject({ name: null, status: 'active' });
      expect((await patch(member.id, { name: 'Written' }, writeOnly)).statusCode).toBe(200);
    });

    it('answers 401 without a token', async () => {
      expect((await h.request({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
    });
  });

  describe('GET /users', () => {
    it('lists the account oldest first, owner leading, paginated', async () => {
      const own = await h.factory.tenant();
      const a = await h.factory.user(own.account.id, 'admin');
      h.clock.advance(1000);
      const b = await h.factory.user(own.account.id, 'member');
      const list = async (query: string) => h.request({ method: 'GET', url: `/api/v1/users${query}`, token: own.token });
      const all = (await list('')).json().data;
      expect(all.map((u: { id: string }) => u.id)).toEqual([own.owner.id, a.id, b.id]);
      expect(all[0]).toMatchObject({ role: 'owner', email: own.owner.email });
      expect((await list('?limit=1&offset=1')).json().data.map((u: { id: string }) => u.id)).toEqual([a.id]);
      expect((await list('?offset=3')).json().data).toEqual([]);
      for (const bad of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc']) expect((await list(bad)).statusCode).toBe(400);
    });

    it('answers 404 for a person of another account and for a malformed id', async () => {
      const other = await h.factory.tenant();
      const stranger = await h.factory.user(other.account.id);
      for (const id of [stranger.id, other.owner.id, 'nope']) {
        expect((await get(id)).statusCode).toBe(404);
        expect((await patch(id, { name: 'x' })).statusCode).toBe(404);
        expect((await del(id)).statusCode).toBe(404);
      }
      expect((await get(stranger.id, other.token)).json().data).toMatchObject({ name: null, status: 'active' });
    });
  });

  describe('PATCH /users/{id}', () => {
    it('changes name, role and status', async () => {
      const user = await h.factory.user(t.account.id);
      const res = await patch(user.id, { name: '  Grace  ', role: 'admin' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: user.id, name: 'Grace', role: 'admin', status: 'active' });
      expect((await patch(user.id, { name: null })).json().data.name).toBeNull();
      expect((await patch(user.id, { status: 'suspended' })).json().data.status).toBe('suspended');
      expect((await patch(user.id, { status: 'active' })).json().data.status).toBe('active');
    });

    it('never touches an owner and never makes anybody one (403), changing nothing', async () => {
      const user = await h.factory.user(t.account.id, 'editor');
      for (const body of [{ name: 'Boss' }, { role: 'admin' }, { status: 'suspended' }]) {
        const res = await patch(t.owner.id, body);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
      for (const body of [{ role: 'owner' }, { role: 'owner', name: 'Half' }]) {
        expect((await patch(user.id, body)).statusCode).toBe(403);
      }
      expect((await get(t.owner.id)).json().data).toMatchObject({ role: 'owner', status: 'active', name: null });
      expect((await get(user.id)).json().data).toMatchObject({ role: 'editor', name: null });
    });

    it.each([[{}], [{ role: 'root' }], [{ status: 'deleted' }], [{ email: 'new@example.com' }], [{ name: 7 }]])(
      'refuses %j with 400, changing nothing',
      async (body) => {
        const user = await h.factory.user(t.account.id, 'editor');
        const res = await patch(user.id, { ...body });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('invalid_request');
        expect((await get(user.id)).json().data).toMatchObject({ role: 'editor', status: 'active', name: null });
      },
    );
  });

  describe('DELETE /users/{id}', () => {
    it('suspends, keeps the record, and ends every session, token and password link at once', async () => {
      const user = await h.factory.user(t.account.id, 'editor');
      const session = await h.factory.signedIn(user);
      const token = await h.factory.token(t.account.id, ['codes:read'], { userId: user.id });
      await h.services.identity.passwords.requestReset({ accountId: t.account.id, email: user.email });
      const resetLink = await h.factory.mailedSecret(user.email);
      expect((await h.request({ method: 'GET', url: '/api/v1/me', token })).statusCode).toBe(200);

      const res = await del(user.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: user.id, email: user.email, status: 'suspended', role: 'editor' });
      expect((await get(user.id)).json().data.status).toBe('suspended');
      expect((await h.request({ method: 'GET', url: '/api/v1/me', token })).statusCode).toBe(401);
      expect(await h.services.identity.sessions.authenticate(session)).toBeNull();
      expect(await h.services.identity.sessions.listLive(user.id)).toEqual([]);
      await expect(
        h.services.identity.passwords.resetPassword({ token: resetLink, password: 'sneaking back in' }),
      ).rejects.toMatchObject({
        code: 'invalid_request',
      });
      await expect(
        h.services.identity.sessions.signIn({ accountId: t.account.id, email: user.email, password: 'correct horse battery' }),
      ).rejects.toMatchObject({
        code: 'unauthorized',
      });
      expect((await del(user.id)).statusCode).toBe(200);

      // Reactivation restores the person, not the old token or sessions.
      expect((await patch(user.id, { status: 'active' })).statusCode).toBe(200);
      expect((await h.request({ method: 'GET', url: '/api/v1/me', token })).statusCode).toBe(401);
      expect(await h.services.identity.sessions.authenticate(session)).toBeNull();
    });

    it('never removes an owner, not even the token holder itself (403)', async () => {
      const res = await del(t.owner.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      expect((await get(t.owner.id)).json().data.status).toBe('active');
      expect((await h.request({ method: 'GET', url: '/api/v1/me', token: t.token })).statusCode).toBe(200);
    });
  });

  it('takes a demotion into account at once: the token keeps only what the new role allows', async () => {
    const user = await h.factory.user(t.account.id, 'editor');
    const token = await h.factory.token(t.account.id, ['codes:read', 'codes:write'], { userId: user.id });
    expect((await patch(user.id, { role: 'member' })).statusCode).toBe(200);
    const me = await h.request({ method: 'GET', url: '/api/v1/me', token });
    expect(me.json().data.token.scopes).toEqual(['codes:read']);
  });

  it('documents /users in the OpenAPI document', async () => {
    const doc = (await h.request({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/users', '/users/{id}']));
    expect(Object.keys(doc.paths['/users/{id}'])).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
    const { validate } = await import('@readme/openapi-parser');
    const result = await validate(structuredClone(doc));
    expect(result.valid, JSON.stringify(result)).toBe(true);
  });
});
