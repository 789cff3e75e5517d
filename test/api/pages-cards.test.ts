import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';

const BLOCKS = [
  { type: 'heading', text: 'Café Rosa', level: 1 },
  { type: 'text', text: 'Fresh bread daily.\n\nOpen all week.' },
  { type: 'button', label: 'Book a table', url: 'https://example.com/book' },
  { type: 'links', links: [{ label: 'Menu', url: 'https://example.com/menu' }] },
  { type: 'video', url: 'https://www.youtube.com/watch?v=abc123' },
  { type: 'hours', slots: [{ day: 'monday', opens: '08:00', closes: '18:00' }] },
  { type: 'social', links: [{ network: 'instagram', url: 'https://instagram.com/rosa' }] },
];

describeEach(STORES)('/pages and /cards ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = t.token) =>
    h.request({ method, url: `/api/v1${url}`, payload, token });

  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('creates a page or a card from a name alone, published, with its public address', async () => {
    for (const [path, prefix] of [
      ['/pages', 'p'],
      ['/cards', 'c'],
    ] as const) {
      const res = await call('POST', path, { name: 'Only a name' });
      expect(res.statusCode).toBe(201);
      const { data } = res.json();
      expect(data).toMatchObject({ name: 'Only a name', status: 'published', url: `http://qrelay.test/${prefix}/${data.id}` });
      expect((await call('POST', path, { name: 'Draft', status: 'draft' })).json().data.status).toBe('draft');
    }
  });

  it('keeps typed blocks in order and completes their defaults', async () => {
    const { data } = (await call('POST', '/pages', { name: 'Rosa', blocks: BLOCKS })).json();
    expect(data.blocks.map((b: { type: string }) => b.type)).toEqual(BLOCKS.map((b) => b.type));
    expect(data.blocks[4]).toEqual({ type: 'video', url: 'https://www.youtube.com/watch?v=abc123', title: 'Video' });
    expect(data.blocks[5].title).toBe('Opening hours');
  });

  it('refuses an unknown block, a javascript: button and a bad opening time', async () => {
    for (const blocks of [
      [{ type: 'marquee', text: 'x' }],
      [{ type: 'button', label: 'Go', url: 'javascript:alert(1)' }],
      [{ type: 'hours', slots: [{ day: 'monday', opens: '25:00', closes: '18:00' }] }],
    ]) {
      const res = await call('POST', '/pages', { name: 'Bad', blocks });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
  });

  it('names the field of the block type sent, whichever block of the union is first', async () => {
    for (const [blocks, message] of [
      [[{ type: 'button', label: 'Go', url: 'javascript:x' }], 'body.blocks.0.url must match pattern'],
      [[{ type: 'button', label: 'Go', url: 'not a url' }], 'body.blocks.0.url must match'],
      [[{ type: 'button', url: 'https://example.com' }], 'body.blocks.0.label is required'],
      [[{ type: 'video', url: 'https://example.com', text: 'x' }], 'body.blocks.0.text is not a known field'],
      [
        [BLOCKS[0], { type: 'links', links: [{ label: 'Menu', url: 'ftp://example.com' }] }],
        'body.blocks.1.links.0.url must match',
      ],
      [
        [{ type: 'marquee', text: 'x' }],
        'body.blocks.0.type must be one of heading, text, image, button, links, video, hours, social',
      ],
      [[{ text: 'x' }], 'body.blocks.0.type is required'],
    ] as const) {
      const res = await call('POST', '/pages', { name: 'Bad', blocks });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });

  it('stores a card’s contact details, its full name defaulting to the name', async () => {
    const { data } = (
      await call('POST', '/cards', {
        name: 'Ada Lovelace',
        title: 'Analyst',
        phones: [{ label: 'work', value: '+44 20 7946 0000' }],
        emails: [{ value: 'ada@example.com' }],
        address: { locality: 'London', country: 'United Kingdom' },
      })
    ).json();
    expect(data).toMatchObject({
      fullName: 'Ada Lovelace',
      title: 'Analyst',
      phones: [{ label: 'work', value: '+44 20 7946 0000' }],
      emails: [{ label: null, value: 'ada@example.com' }],
      address: { street: null, locality: 'London', region: null, postalCode: null, country: 'United Kingdom' },
      enquiries: true,
    });
    const bad = await call('PATCH', `/cards/${data.id}`, { emails: [{ value: 'not an address' }] });
    expect(bad.statusCode).toBe(400);
  });

  it('needs each kind’s own scopes', async () => {
    const formsOnly = await h.factory.token(t.account.id, ['forms:read', 'forms:write']);
    expect((await call('GET', '/pages', undefined, formsOnly)).statusCode).toBe(403);
    expect((await call('GET', '/cards', undefined, formsOnly)).statusCode).toBe(403);
    expect((await call('GET', '/enquiries', undefined, formsOnly)).statusCode).toBe(403);
    const cardsWrite = await h.factory.token(t.account.id, ['cards:write']);
    expect((await call('GET', '/enquiries', undefined, cardsWrite)).statusCode).toBe(403);
    const cardsRead = await h.factory.token(t.account.id, ['cards:read']);
    expect((await call('GET', '/enquiries', undefined, cardsRead)).statusCode).toBe(200);
  });
});
