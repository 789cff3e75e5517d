import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import { GOOGLEBOT, pathOf, visitors, type Visitor } from '../support/visitors.js';
import { OPERATOR } from '../../src/platform/authz/roles.policy.js';

const VIEW_AND_SUBMIT = ['card_view', 'form_submit', 'form_view', 'page_view'];
const FIELDS = [{ key: 'name', label: 'Your name', type: 'text', required: true }];

/**
 * The four event types of hosted content end to end: recorded by the public pages, listed by
 * GET /events under their own type, and delivered to webhooks; automated traffic and HEAD nowhere.
 */
describeEach(STORES)('events of hosted content ($name)', (store) => {
  let h: Harness;
  let visitor: (userAgent?: string) => Visitor;
  const api = (tenant: Tenant, method: 'GET' | 'POST', url: string, payload?: object) =>
    h.request({ method, url: `/api/v1${url}`, payload, token: tenant.token });
  const create = async (tenant: Tenant, path: string, body: object) =>
    (await api(tenant, 'POST', path, body)).json().data as { id: string; url: string };

  beforeAll(async () => {
    h = await createHarness(store, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    visitor = visitors(h);
  });
  afterAll(() => h.close());

  it('lists form_view, form_submit, page_view and card_view by type and delivers them to webhooks, people only', async () => {
    const t = await h.factory.tenant();
    const hook = await h.services.delivery.webhooks.create(ownerOf(t), {
      url: 'http://127.0.0.1:9/hook',
      events: VIEW_AND_SUBMIT,
    });
    const form = await create(t, '/forms', { name: 'Feedback', fields: FIELDS });
    const page = await create(t, '/pages', { name: 'Menu', blocks: [{ type: 'heading', text: 'Menu' }] });
    const card = await create(t, '/cards', { name: 'Ada Lovelace' });

    const person = visitor();
    expect((await person.get(`${pathOf(form.url)}?p=table-4`)).statusCode).toBe(200);
    expect((await person.post(pathOf(form.url), { name: 'Ann' })).statusCode).toBe(303);
    expect((await person.get(pathOf(page.url))).statusCode).toBe(200);
    expect((await person.get(pathOf(card.url))).statusCode).toBe(200);
    // A card's enquiry is a reply, not a form submission: it adds no form_submit.
    expect((await person.post(pathOf(card.url), { name: 'Bob', email: 'bob@example.com', message: 'Hi' })).statusCode).toBe(303);
    const robot = visitor(GOOGLEBOT);
    for (const content of [form, page, card]) {
      expect((await robot.get(pathOf(content.url))).statusCode).toBe(200);
      expect((await visitor().head(pathOf(content.url))).statusCode).toBe(200);
    }
    expect((await robot.post(pathOf(form.url), { name: 'Spam' })).statusCode).toBe(303);
    await h.services.traffic.recorder.flush();

    const all = (await api(t, 'GET', '/events?limit=100')).json().data as { id: string; type: string }[];
    expect(all.map((e) => e.type).sort()).toEqual(VIEW_AND_SUBMIT);
    for (const type of VIEW_AND_SUBMIT) {
      const listed = (await api(t, 'GET', `/events?type=${type}`)).json().data;
      expect(listed).toEqual([all.find((e) => e.type === type)]);
      expect(listed[0]).toMatchObject({ codeId: null, device: 'mobile', placement: type === 'form_view' ? 'table-4' : null });
    }

    const deliveries = await h.services.delivery.webhooks.deliveries(ownerOf(t), hook.id, 100);
    expect(deliveries.map((d) => d.eventType).sort()).toEqual(VIEW_AND_SUBMIT);
    for (const delivery of deliveries) {
      const event = all.find((e) => e.id === delivery.eventId);
      expect(JSON.parse(delivery.payload)).toMatchObject({ type: delivery.eventType, data: event });
    }
  });

  it('shows the content of a suspended company as "not available", counting and storing nothing', async () => {
    const t = await h.factory.tenant();
    const form = await create(t, '/forms', { name: 'Feedback', fields: FIELDS });
    const page = await create(t, '/pages', { name: 'Menu' });
    await h.services.identity.accounts.suspend(OPERATOR, t.account.id);
    for (const [content, noun] of [
      [form, 'form'],
      [page, 'page'],
    ] as const) {
      const res = await visitor().get(pathOf(content.url));
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(`This ${noun} is not available`);
    }
    expect((await visitor().post(pathOf(form.url), { name: 'Ann' })).statusCode).toBe(404);
    await h.services.traffic.recorder.flush();
    expect(await h.services.content.submissions.list(ownerOf(t), 'submission', { limit: 10 })).toEqual([]);
    expect(await h.services.traffic.contentAnalytics.of(ownerOf(t), 'form', form.id)).toMatchObject({ views: 0, submissions: 0 });
  });
});
