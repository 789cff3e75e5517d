import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInBrowser, type Browser } from '../support/browser.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

const form = (draft: unknown) => `draft=${encodeURIComponent(JSON.stringify(draft))}`;

describeEach(STORES)('the live preview of hosted content in the dashboard ($name)', (store) => {
  let h: Harness;
  let owner: Browser;
  const post = (browser: Browser, kind: string, body: string, query = `?csrf=${encodeURIComponent(browser.csrfToken)}`) =>
    browser.request({
      method: 'POST',
      url: `/app/api/v1/previews/${kind}${query}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
      csrf: false,
    });

  beforeAll(async () => {
    h = await createHarness(store);
    const tenant = await h.factory.tenant({ plan: 'starter' });
    owner = await signedInBrowser(h, { email: tenant.owner.email, accountId: tenant.account.id });
  });
  afterAll(() => h.close());

  it('renders a posted form draft with the public view, framed only by the dashboard and sandboxed, storing nothing', async () => {
    const draft = { name: 'Feedback <b>', fields: [{ key: 'stars', label: 'How was it?', type: 'rating', required: true }] };
    const res = await post(owner, 'forms', form(draft));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<h1>Feedback &lt;b></h1>');
    expect(res.body).toContain('How was it?');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    const list = await owner.request({ method: 'GET', url: '/app/api/v1/forms' });
    expect(list.json().data).toEqual([]);
  });

  it('shows why a draft the rules refuse cannot be previewed yet', async () => {
    const res = await post(owner, 'forms', form({ fields: [{ key: 'a', label: 'A', type: 'select' }] }));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Nothing to preview yet');
    expect(res.body).toMatch(/options/);
    const unreadable = await post(owner, 'pages', 'draft=%7Bnot-json');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.body).toContain('could not be read');
  });

  it('renders pages and cards, refusing a media item of another account', async () => {
    const page = await post(owner, 'pages', form({ name: 'Menu', blocks: [{ type: 'heading', text: 'Lunch menu' }] }));
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Lunch menu');
    const card = await post(owner, 'cards', form({ name: 'Ada', fullName: 'Ada Lovelace', title: 'Engineer' }));
    expect(card.statusCode, card.body).toBe(200);
    expect(card.body).toContain('Ada Lovelace');
    const stranger = await post(
      owner,
      'pages',
      form({ blocks: [{ type: 'image', mediaId: '0190a0a0-0000-7000-8000-000000000000', alt: '' }] }),
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toContain('media library has no item');
  });

  it('needs the CSRF token in the query and a role that may write', async () => {
    const draft = form({ name: 'Menu' });
    expect((await post(owner, 'pages', draft, '')).statusCode).toBe(403);
    expect((await post(owner, 'pages', draft, '?csrf=forged')).statusCode).toBe(403);
    const tenant = await h.factory.tenant({ plan: 'starter' });
    const member = await h.factory.user(tenant.account.id, 'member');
    const reader = await signedInBrowser(h, { email: member.email, accountId: tenant.account.id });
    expect((await post(reader, 'pages', draft)).statusCode).toBe(403);
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/app/api/v1/previews/pages',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: draft,
    });
    expect(anonymous.statusCode).toBe(403);
  });
});
