import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { DESKTOP } from '../support/hits.js';
import { GOOGLEBOT, pathOf as path, visitors, type Visitor } from '../support/visitors.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';
import { components, parseVcard } from '../support/vcard.js';
import { REPLIES_PER_CLIENT_PER_MINUTE } from '../../src/content/hosted/public-content.service.js';
import { ownerOf } from '../support/actors.js';
import { raster } from '../support/media.js';

const FIELDS = [
  { key: 'name', label: 'Your name', type: 'text', required: true },
  { key: 'email', label: 'E-mail', type: 'email', required: true },
  { key: 'size', label: 'Size', type: 'select', options: ['S', 'M'] },
  { key: 'stars', label: 'Stars', type: 'rating' },
  { key: 'agree', label: 'I agree', type: 'checkbox', required: true },
];

describeEach(STORES)('public pages of hosted content ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let visitor: (userAgent?: string) => Visitor;
  const api = (method: 'GET' | 'POST', url: string, payload?: object, token = t.token) =>
    h.request({ method, url: `/api/v1${url}`, payload, token });
  const events = async (type: string) => {
    await h.services.traffic.recorder.flush();
    return (await api('GET', `/events?type=${type}&limit=100`)).json().data as { id: string; codeId: string | null }[];
  };
  const submissionsOf = async (formId: string) => (await api('GET', `/submissions?formId=${formId}`)).json().data;
  const newForm = async (body: object = {}) =>
    (await api('POST', '/forms', { name: 'Order', fields: FIELDS, ...body })).json().data;
  const GOOD = { name: 'Ann <b>', email: 'ann@example.com', size: 'M', stars: '4', agree: 'yes' };

  beforeAll(async () => {
    h = await createHarness(store, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    t = await h.factory.tenant();
    visitor = visitors(h);
  });
  afterAll(() => h.close());

  describe('forms', () => {
    it('serves the form as plain HTML with labelled fields, no script, and counts a human view', async () => {
      const form = await newForm();
      const before = (await events('form_view')).length;
      const res = await visitor().get(path(form.url));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).not.toContain('<script');
      expect(res.body).toContain(`<form method="post" action="/f/${form.id}"`);
      expect(res.body).toContain('<label for="name">Your name (required)</label>');
      expect(res.body).toContain('name="website_url"');
      expect((await events('form_view')).length).toBe(before + 1);
      await visitor(GOOGLEBOT).get(path(form.url));
      await visitor().head(path(form.url));
      expect((await events('form_view')).length).toBe(before + 1);
    });

    it('accepts a plain form POST: 303 to the thank-you page, the answers stored by key, a form_submit event', async () => {
      const form = await newForm();
      const before = (await events('form_submit')).length;
      const res = await visitor().post(path(form.url), GOOD);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${form.url}/thanks`);
      const thanks = await visitor().get(path(res.headers.location as string));
      expect(thanks.statusCode).toBe(200);
      expect(thanks.body).toContain('Thank you');
      expect(await submissionsOf(form.id)).toEqual([
        {
          id: expect.any(String),
          formId: form.id,
          createdAt: expect.any(String),
          answers: { name: 'Ann <b>', email: 'ann@example.com', size: 'M', stars: 4, agree: true },
        },
      ]);
      const submits = await events('form_submit');
      expect(submits.length).toBe(before + 1);
      expect(submits[0]!.codeId).toBeNull();
    });

    it('refuses with 400 and the form again: a message beside each field, the values kept, escaped', async () => {
      const form = await newForm();
      const res = await visitor().post(path(form.url), {
        name: '<script>x</script>',
        email: 'not-an-address',
        size: 'XL',
        stars: '9',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('<script>x');
      expect(res.body).toContain('value="&lt;script>x&lt;/script>"');
      expect(res.body).toMatch(/<input type="email" id="email"[^>]*aria-invalid="true" aria-describedby="email-error"/);
      expect(res.body).toContain('<p class="error" id="email-error">Please enter an e-mail address, like name@example.com.</p>');
      expect(res.body).toContain('id="size-error"');
      expect(res.body).toContain('id="stars-error"');
      expect(res.body).toContain('id="agree-error"');
      expect(res.body).toContain('role="alert"');
      expect(await submissionsOf(form.id)).toEqual([]);
    });

    it('stores nothing from a filled honeypot or a robot, yet answers them as accepted', async () => {
      const form = await newForm();
      const trap = await visitor().post(path(form.url), { ...GOOD, website_url: 'http://spam.example' });
      const robot = await visitor(GOOGLEBOT).post(path(form.url), GOOD);
      expect([trap.statusCode, robot.statusCode]).toEqual([303, 303]);
      expect(await submissionsOf(form.id)).toEqual([]);
    });

    it(`limits one client to ${REPLIES_PER_CLIENT_PER_MINUTE} submissions a minute`, async () => {
      const form = await newForm();
      const one = visitor(DESKTOP);
      for (let i = 0; i < REPLIES_PER_CLIENT_PER_MINUTE; i += 1)
        expect((await one.post(path(form.url), GOOD)).statusCode).toBe(303);
      const refused = await one.post(path(form.url), GOOD);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await visitor(DESKTOP).post(path(form.url), GOOD)).statusCode).toBe(303);
      expect(await submissionsOf(form.id)).toHaveLength(REPLIES_PER_CLIENT_PER_MINUTE + 1);
    });

    it('sends the visitor to the form’s own address after a submission when it has one', async () => {
      const form = await newForm({ redirectUrl: 'https://example.com/done' });
      const res = await visitor().post(path(form.url), GOOD);
      expect(res.headers.location).toBe('https://example.com/done');
      expect((await visitor().get(path(form.url))).headers['content-security-policy']).toContain(
        "form-action 'self' https://example.com",
      );
    });

    it('answers a draft, unpublished or unknown form with 404 and a "not available" page saying which', async () => {
      const draft = await newForm({ status: 'draft' });
      const off = await newForm();
      await api('POST', `/forms/${off.id}/unpublish`);
      for (const form of [draft, off]) {
        const res = await visitor().get(path(form.url));
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('This form is not available');
        expect(res.body).toContain('taken it offline');
        expect((await visitor().post(path(form.url), GOOD)).statusCode).toBe(404);
      }
      expect(await submissionsOf(off.id)).toEqual([]);
      for (const unknown of ['/f/0190f2b4-0000-7000-8000-000000000000', '/f/not-an-id']) {
        const res = await visitor().get(unknown);
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('This form is not available');
        expect(res.body).toContain('It has been removed');
      }
    });

    it("serves content on its account's custom domain, never on another account's", async () => {
      const branded = await h.factory.tenant({ domain: `forms-${store.name}.brand.example` });
      const form = (await api('POST', '/forms', { name: 'Branded', fields: FIELDS }, branded.token)).json().data;
      expect(form.url).toBe(`http://forms-${store.name}.brand.example/f/${form.id}`);
      expect((await visitor().get(path(form.url), `forms-${store.name}.brand.example`)).statusCode).toBe(200);
      expect((await visitor().get(path(form.url))).statusCode).toBe(200);
      const mine = await newForm();
      expect((await visitor().get(path(mine.url), `forms-${store.name}.brand.example`)).statusCode).toBe(404);
    });

    it("gives a form's views, uniques, submissions and conversion, robots excluded", async () => {
      const form = await newForm();
      const people = [visitor(), visitor(), visitor(), visitor()];
      for (const person of people) await person.get(path(form.url));
      await people[0]!.get(path(form.url));
      await visitor(GOOGLEBOT).get(path(form.url));
      await people[1]!.post(path(form.url), GOOD);
      await visitor(GOOGLEBOT).post(path(form.url), GOOD);
      await h.services.traffic.recorder.flush();
      const res = await api('GET', `/analytics/forms/${form.id}?days=7`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ days: 7, views: 5, uniqueVisitors: 4, submissions: 1, conversionRate: 0.2 });
      const other = await h.factory.tenant();
      expect((await api('GET', `/analytics/forms/${form.id}`, undefined, other.token)).statusCode).toBe(404);
      expect((await api('GET', `/analytics/pages/${form.id}`)).statusCode).toBe(404);
      const formsOnly = await h.factory.token(t.account.id, ['forms:read']);
      expect((await api('GET', `/analytics/forms/${form.id}`, undefined, formsOnly)).statusCode).toBe(403);
    });

    it('queues a form_submission webhook with the answers in the submission’s transaction', async () => {
      const hook = await h.services.delivery.webhooks.create(ownerOf(t), {
        url: 'http://127.0.0.1:9/hook',
        events: ['form_submission'],
      });
      const form = await newForm();
      await visitor().post(path(form.url), GOOD);
      const [submission] = await submissionsOf(form.id);
      const deliveries = await h.services.delivery.webhooks.deliveries(ownerOf(t), hook.id, 10);
      expect(deliveries.map((d) => d.eventType)).toEqual(['form_submission']);
      expect(JSON.parse(deliveries[0]!.payload)).toMatchObject({ type: 'form_submission', data: submission });
      await h.services.delivery.webhooks.delete(ownerOf(t), hook.id);
    });
  });

  describe('pages and cards', () => {
    it('renders a page’s blocks, counts page_view, and shows "not available" once unpublished', async () => {
      const page = (
        await api('POST', '/pages', {
          name: 'Rosa',
          blocks: [
            { type: 'heading', text: 'Café <Rosa>' },
            { type: 'text', text: 'Fresh bread.\n\nEvery day.' },
            { type: 'button', label: 'Book', url: 'https://example.com/book' },
            { type: 'video', url: 'https://youtu.be/abc123' },
            { type: 'hours', slots: [{ day: 'monday', opens: '08:00', closes: '18:00' }] },
          ],
        })
      ).json().data;
      const before = (await events('page_view')).length;
      const res = await visitor().get(path(page.url));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1>Café &lt;Rosa></h1>');
      expect(res.body).toContain('<p>Fresh bread.</p><p>Every day.</p>');
      expect(res.body).toContain('href="https://example.com/book"');
      expect(res.body).toContain('src="https://www.youtube-nocookie.com/embed/abc123"');
      expect(res.headers['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com');
      expect(res.body).toMatch(/Tuesday<\/th><td>Closed/);
      expect((await events('page_view')).length).toBe(before + 1);
      await api('POST', `/pages/${page.id}/unpublish`);
      const off = await visitor().get(path(page.url));
      expect(off.statusCode).toBe(404);
      expect(off.body).toContain('This page is not available');
      expect((await events('page_view')).length).toBe(before + 1);
    });

    it("shows images and a photo from the account's media library, never another account's", async () => {
      const photo = await h.services.catalog.media.upload(ownerOf(t), { bytes: await raster('png'), filename: 'rosa.png' });
      const landing = (
        await api('POST', '/pages', { name: 'Gallery', blocks: [{ type: 'image', mediaId: photo.id, alt: 'The café front' }] })
      ).json().data;
      const res = await visitor().get(path(landing.url));
      expect(res.body).toContain(`<img src="/media/${photo.sha256}.png" alt="The café front" loading="lazy"/>`);
      const card = (await api('POST', '/cards', { name: 'Rosa', photoMediaId: photo.id })).json().data;
      const vcf = parseVcard((await visitor().get(`${path(card.url)}/contact.vcf`)).body);
      expect(vcf.find((p) => p.name === 'PHOTO')!.value).toBe(`http://qrelay.test/media/${photo.sha256}.png`);
      const other = await h.factory.tenant();
      const refused = await api(
        'POST',
        '/pages',
        { name: 'Theirs', blocks: [{ type: 'image', mediaId: photo.id, alt: '' }] },
        other.token,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('invalid_request');
      expect((await api('POST', '/cards', { name: 'X', photoMediaId: photo.id }, other.token)).statusCode).toBe(400);
    });

    it('serves a card with a vCard 4.0 that parses back, and takes enquiries read with cards:read', async () => {
      const card = (
        await api('POST', '/cards', {
          name: 'Ada Lovelace',
          organisation: 'Engines; Ltd',
          phones: [{ label: 'work', value: '+44 20 7946 0000' }],
          emails: [{ value: 'ada@example.com' }],
        })
      ).json().data;
      const before = (await events('card_view')).length;
      const page = await visitor().get(path(card.url));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Save contact');
      expect(page.body).toContain('href="tel:+442079460000"');
      expect((await events('card_view')).length).toBe(before + 1);

      const vcf = await visitor().get(`${path(card.url)}/contact.vcf`);
      expect(vcf.headers['content-type']).toBe('text/vcard; charset=utf-8');
      expect(vcf.headers['content-disposition']).toBe('attachment; filename="Ada-Lovelace.vcf"');
      const props = parseVcard(vcf.body);
      expect(components(props.find((p) => p.name === 'ORG')!.value)).toEqual(['Engines; Ltd']);
      expect(props.find((p) => p.name === 'TEL')).toMatchObject({ params: { TYPE: 'work' }, value: '+44 20 7946 0000' });
      expect(props.find((p) => p.name === 'SOURCE')!.value).toBe(card.url);

      const refused = await visitor().post(path(card.url), { name: 'Bob', email: 'nope', message: '' });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('id="email-error"');
      expect(refused.body).toContain('value="Bob"');
      const sent = await visitor().post(path(card.url), { name: 'Bob', email: 'bob@example.com', message: 'Hello' });
      expect(sent.statusCode).toBe(303);
      const readOnly = await h.factory.token(t.account.id, ['cards:read']);
      const enquiries = (await api('GET', `/enquiries?cardId=${card.id}`, undefined, readOnly)).json().data;
      expect(enquiries).toEqual([
        {
          id: expect.any(String),
          cardId: card.id,
          createdAt: expect.any(String),
          answers: { name: 'Bob', email: 'bob@example.com', message: 'Hello' },
        },
      ]);
      const formsRead = await h.factory.token(t.account.id, ['forms:read']);
      expect(
        (await api('GET', '/submissions', undefined, formsRead))
          .json()
          .data.some((s: { id: string }) => s.id === enquiries[0].id),
      ).toBe(false);
    });
  });
});
