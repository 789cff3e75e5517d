import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';
import { ownerOf } from '../support/actors.js';
import { SYSTEM } from '../../src/platform/authz/roles.policy.js';

const FIELDS = [
  { key: 'name', label: 'Your name', type: 'text', required: true },
  { key: 'size', label: 'Size', type: 'select', options: ['S', 'M', 'L'] },
];

describeEach(STORES)('/forms and /submissions ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = t.token) =>
    h.request({ method, url: `/api/v1${url}`, payload, token });
  const createForm = async (body: object = {}, token = t.token) =>
    (await call('POST', '/forms', { name: 'Feedback', fields: FIELDS, ...body }, token)).json().data;

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('creates a form as DECISIONS describes it, with its public address, and reads it back', async () => {
    const res = await call('POST', '/forms', { name: 'Feedback', fields: FIELDS });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ name: 'Feedback', status: 'published', url: `http://qrelay.test/f/${data.id}` });
    expect(data.fields).toEqual([
      { key: 'name', label: 'Your name', type: 'text', required: true },
      { key: 'size', label: 'Size', type: 'select', required: false, options: ['S', 'M', 'L'] },
    ]);
    expect(typeof data.createdAt).toBe('string');
    expect((await call('GET', `/forms/${data.id}`)).json().data).toEqual(data);
    expect((await call('GET', '/forms')).json().data.map((f: { id: string }) => f.id)).toContain(data.id);
  });

  it('names the team members told of submissions, refusing anybody outside the team with the field named', async () => {
    const form = await createForm();
    expect(form.notifyUserIds).toEqual([]);
    const changed = await call('PATCH', `/forms/${form.id}`, { notifyUserIds: [t.owner.id] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.notifyUserIds).toEqual([t.owner.id]);
    const stranger = await h.factory.tenant();
    const refused = await call('PATCH', `/forms/${form.id}`, { notifyUserIds: [stranger.owner.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/^notifyUserIds/) });
  });

  it('keeps a draft off the air until published, and unpublishes', async () => {
    const draft = await createForm({ status: 'draft' });
    expect(draft.status).toBe('draft');
    expect((await call('POST', `/forms/${draft.id}/publish`)).json().data.status).toBe('published');
    expect((await call('POST', `/forms/${draft.id}/unpublish`)).json().data.status).toBe('unpublished');
  });

  it('changes only what is sent, and refuses a bad field with invalid_request', async () => {
    const form = await createForm();
    const res = await call('PATCH', `/forms/${form.id}`, { thankYouMessage: 'Cheers!' });
    expect(res.json().data).toMatchObject({ name: 'Feedback', thankYouMessage: 'Cheers!', fields: form.fields });
    const bad = await call('PATCH', `/forms/${form.id}`, { fields: [{ key: 'Bad Key', label: 'x', type: 'text' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_request');
    const unknownType = await call('POST', '/forms', { name: 'x', fields: [{ key: 'a', label: 'A', type: 'colour' }] });
    expect(unknownType.statusCode).toBe(400);
  });

  it('needs forms:read to read and forms:write to write: neither implies the other', async () => {
    const form = await createForm();
    const readOnly = await h.factory.token(t.account.id, ['forms:read']);
    const writeOnly = await h.factory.token(t.account.id, ['forms:write']);
    expect((await call('GET', '/forms', undefined, writeOnly)).statusCode).toBe(403);
    expect((await call('GET', '/submissions', undefined, writeOnly)).statusCode).toBe(403);
    expect((await call('GET', '/submissions', undefined, readOnly)).statusCode).toBe(200);
    expect((await call('POST', '/forms', { name: 'x', fields: [] }, readOnly)).statusCode).toBe(403);
    expect((await call('DELETE', `/forms/${form.id}`, undefined, readOnly)).statusCode).toBe(403);
    const pagesOnly = await h.factory.token(t.account.id, ['pages:read', 'cards:read']);
    expect((await call('GET', '/submissions', undefined, pagesOnly)).json().error.code).toBe('forbidden');
  });

  it('answers another account’s form and submission with 404', async () => {
    const form = await createForm();
    const stored = await h.services.content.submissions.store(
      SYSTEM,
      await h.services.content.forms.get(ownerOf(t), form.id),
      'submission',
      {
        name: 'A',
      },
    );
    const other = await h.factory.tenant();
    for (const res of [
      await call('GET', `/forms/${form.id}`, undefined, other.token),
      await call('PATCH', `/forms/${form.id}`, { name: 'Mine' }, other.token),
      await call('POST', `/forms/${form.id}/unpublish`, undefined, other.token),
      await call('DELETE', `/forms/${form.id}`, undefined, other.token),
      await call('GET', `/submissions?formId=${form.id}`, undefined, other.token),
      await call('DELETE', `/submissions/${stored.id}`, undefined, other.token),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('lists submissions as SPEC says: newest first, limit 1 to 100 (default 50), formId, answers by key', async () => {
    const tenant = await h.factory.tenant();
    const make = (body: object) => createForm(body, tenant.token);
    const a = await make({ name: 'A' });
    const b = await make({ name: 'B' });
    const formA = await h.services.content.forms.get(ownerOf(tenant), a.id);
    const formB = await h.services.content.forms.get(ownerOf(tenant), b.id);
    const ids: string[] = [];
    for (let i = 0; i < 52; i += 1) {
      h.clock.advance(10);
      ids.push(
        (await h.services.content.submissions.store(SYSTEM, i === 51 ? formB : formA, 'submission', { name: `n${i}`, size: 'M' }))
          .id,
      );
    }
    const page = await call('GET', '/submissions', undefined, tenant.token);
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data).toHaveLength(50);
    expect(data.map((s: { id: string }) => s.id)).toEqual(ids.slice(-50).reverse());
    expect(data[0]).toEqual({ id: ids[51], formId: b.id, createdAt: expect.any(String), answers: { name: 'n51', size: 'M' } });
    expect((await call('GET', '/submissions?limit=100', undefined, tenant.token)).json().data).toHaveLength(52);
    expect((await call('GET', '/submissions?limit=2', undefined, tenant.token)).json().data).toHaveLength(2);
    const onlyB = (await call('GET', `/submissions?formId=${b.id}`, undefined, tenant.token)).json().data;
    expect(onlyB.map((s: { id: string }) => s.id)).toEqual([ids[51]]);
    for (const bad of ['limit=0', 'limit=101', 'limit=x', 'color=red']) {
      const res = await call('GET', `/submissions?${bad}`, undefined, tenant.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
  });

  it('deletes one submission, then 404', async () => {
    const form = await createForm();
    const stored = await h.services.content.submissions.store(
      SYSTEM,
      await h.services.content.forms.get(ownerOf(t), form.id),
      'submission',
      {
        name: 'Z',
      },
    );
    expect((await call('DELETE', `/submissions/${stored.id}`)).json().data).toEqual({ id: stored.id, deleted: true });
    expect((await call('DELETE', `/submissions/${stored.id}`)).statusCode).toBe(404);
    const left = (await call('GET', `/submissions?formId=${form.id}`)).json().data;
    expect(left).toEqual([]);
  });
});
