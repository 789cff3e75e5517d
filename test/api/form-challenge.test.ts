import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { IPHONE } from '../support/hits.js';
import { describeEach, STORES, withRedis } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';
import { CHALLENGE_MESSAGES, CHALLENGE_TTL_MS } from '../../src/content/forms/form.challenge.js';
import { WIDGET_PATH } from '../../src/http/content/widget.js';

const KEY = 'test-challenge-key-0123456789abcdef';
const FIELDS = [
  { key: 'name', label: 'Your name', type: 'text', required: true },
  { key: 'email', label: 'E-mail', type: 'email', required: true },
];
const GOOD = { name: 'Ann', email: 'ann@example.com' };
const CASES = [
  ...STORES.map((target) => ({ target, name: target.name, missing: target.missing, redis: false })),
  ...withRedis(STORES).map((target) => ({
    target,
    name: `${target.name} with Redis counters`,
    missing: target.missing,
    redis: true,
  })),
];

const encode = (payload: object): string => Buffer.from(JSON.stringify(payload)).toString('base64');

describeEach(CASES)('the proof-of-work challenge of public forms ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let address = 0;
  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    h.request({ method, url: `/api/v1${url}`, payload, token: t.token });
  /** A visitor from their own client address, so the per-client limit is per test. */
  const visitor = (app = h.app) => {
    address += 1;
    const ip = `198.51.100.${address}`;
    const headers = { host: 'qrelay.test', 'user-agent': IPHONE };
    return {
      get: (path: string) => app.inject({ method: 'GET', url: path, remoteAddress: ip, headers }),
      post: (path: string, fields: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: path,
          remoteAddress: ip,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        }),
    };
  };
  const submissionsOf = async (formId: string) => (await api('GET', `/submissions?formId=${formId}`)).json().data;
  const newForm = async (body: object = { challenge: true }) =>
    (await api('POST', '/forms', { name: 'Order', fields: FIELDS, ...body })).json().data;
  /** What the widget does: fetch the form's challenge, solve it, and fill the `altcha` field. */
  const solved = async (formId: string): Promise<{ altcha: string; challenge: Challenge }> => {
    const res = await visitor().get(`/f/${formId}/challenge`);
    expect(res.statusCode).toBe(200);
    const challenge = res.json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return { altcha: encode({ challenge, solution }), challenge };
  };
  const refusedFor = (body: string, message: string) => {
    expect(body).toContain(`<p class="error" id="altcha-error">${message.replace(/'/g, '&#39;')}</p>`);
    expect(body).toContain('<a href="#altcha">Check: ');
  };

  beforeAll(async () => {
    h = await createHarness(store.target, { redis: store.redis, env: { CHALLENGE_HMAC_KEY: KEY } });
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  describe('the setting', () => {
    it('is off by default, set on create and update, read back, and checked (MCP reads: mcp-content.test.ts)', async () => {
      const plain = await newForm({});
      expect(plain.challenge).toBe(false);
      const on = await newForm();
      expect(on.challenge).toBe(true);
      const off = await api('PATCH', `/forms/${on.id}`, { challenge: false });
      expect(off.json().data.challenge).toBe(false);
      expect((await api('GET', `/forms/${on.id}`)).json().data.challenge).toBe(false);
      const bad = await api('PATCH', `/forms/${on.id}`, { challenge: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('invalid_request');
    });
  });

  describe('the page', () => {
    it('adds the widget, served from the box, under a CSP that admits only its own scripts', async () => {
      const form = await newForm();
      const res = await visitor().get(`/f/${form.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<altcha-widget challenge="/f/${form.id}/challenge" name="altcha"`);
      expect(res.body).toContain(`<script type="module" src="${WIDGET_PATH}"></script>`);
      expect(res.body).toMatch(/<noscript><p class="note">This form needs JavaScript to be sent/);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'none'; script-src 'self'; worker-src blob:; connect-src 'self'");
      expect(csp).not.toContain('unsafe-eval');

      const widget = await visitor().get(WIDGET_PATH);
      expect(widget.statusCode).toBe(200);
      expect(widget.headers['content-type']).toContain('text/javascript');
      expect(widget.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(widget.body).toContain('altcha-widget');
      expect(widget.headers['content-encoding']).toBeUndefined();
      // Compressed for a browser that takes it: the same bytes, a third of them or fewer on the wire.
      for (const [accept, encoding, unpack] of [
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
      ] as const) {
        const packed = await h.request({ method: 'GET', url: WIDGET_PATH, headers: { 'accept-encoding': accept } });
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.headers.vary).toBe('Accept-Encoding');
        expect(packed.rawPayload.length).toBeLessThan(widget.rawPayload.length / 3);
        expect(unpack(packed.rawPayload).equals(widget.rawPayload)).toBe(true);
      }
    });

    it('keeps a form without the setting script-free, with no challenge to fetch', async () => {
      const form = await newForm({});
      const res = await visitor().get(`/f/${form.id}`);
      expect(res.body).not.toContain('<script');
      expect(res.body).not.toContain('altcha-widget');
      expect(res.headers['content-security-policy']).not.toContain('script-src');
      expect((await visitor().get(`/f/${form.id}/challenge`)).statusCode).toBe(404);
    });

    it('answers a fresh signed challenge per request, never cached', async () => {
      const form = await newForm();
      const [a, b] = [await visitor().get(`/f/${form.id}/challenge`), await visitor().get(`/f/${form.id}/challenge`)];
      expect(a.headers['cache-control']).toBe('no-store');
      expect(a.json().signature).toMatch(/^[0-9a-f]{64}$/);
      expect(a.json().parameters.algorithm).toBe('PBKDF2/SHA-256');
      expect(a.json().signature).not.toBe(b.json().signature);
    });
  });

  describe('sending', () => {
    it('stores a submission with a valid solution once; the same solution again, here or on another instance, is refused', async () => {
      const form = await newForm();
      const { altcha } = await solved(form.id);
      const sent = await visitor().post(`/f/${form.id}`, { ...GOOD, altcha });
      expect(sent.statusCode).toBe(303);
      expect(await submissionsOf(form.id)).toHaveLength(1);

      const again = await visitor().post(`/f/${form.id}`, { ...GOOD, altcha });
      expect(again.statusCode).toBe(400);
      refusedFor(again.body, CHALLENGE_MESSAGES.reused);
      expect(again.body).toContain('value="ann@example.com"');
      const peer = await h.peer();
      try {
        // Counted in Redis once the peer is connected to it; before that in the store (ADR 0095's known limit).
        await vi.waitFor(() => expect(peer.infra.redis?.status().status ?? 'ok').toBe('ok'));
        const elsewhere = await visitor(peer.app).post(`/f/${form.id}`, { ...GOOD, altcha });
        expect(elsewhere.statusCode).toBe(400);
        refusedFor(elsewhere.body, CHALLENGE_MESSAGES.reused);
      } finally {
        // Every connection of the peer up before it closes, so none is dropped half-open.
        await vi.waitFor(() => expect(peer.infra.redis?.status().status ?? 'ok').toBe('ok'));
        await peer.close();
      }
      expect(await submissionsOf(form.id)).toHaveLength(1);
    });

    it('refuses a missing solution with 400, the problem beside the widget and the typed values kept', async () => {
      const form = await newForm();
      const res = await visitor().post(`/f/${form.id}`, GOOD);
      expect(res.statusCode).toBe(400);
      refusedFor(res.body, CHALLENGE_MESSAGES.missing);
      expect(res.body).toContain('aria-describedby="altcha-error"');
      expect(res.body).toContain('value="Ann"');
      expect(res.body).toContain('<title>Error: Order');
      expect(await submissionsOf(form.id)).toEqual([]);
    });

    it('refuses forged solutions: garbage, a wrong answer, a changed challenge, another key', async () => {
      const form = await newForm();
      const challenge = (await visitor().get(`/f/${form.id}/challenge`)).json() as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      const longer = { ...challenge, parameters: { ...challenge.parameters, data: { expires: Date.now() * 2 } } };
      const forged = [
        'not base64 json',
        encode({ challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } }),
        encode({ challenge: longer, solution }),
        encode({ challenge: { ...challenge, signature: undefined }, solution }),
      ];
      for (const altcha of forged) {
        const res = await visitor().post(`/f/${form.id}`, { ...GOOD, altcha });
        expect(res.statusCode).toBe(400);
        refusedFor(res.body, CHALLENGE_MESSAGES.invalid);
      }
      expect(await submissionsOf(form.id)).toEqual([]);
    });

    it('refuses a solution issued for another form, and does not spend it', async () => {
      const [first, second] = [await newForm(), await newForm()];
      const { altcha } = await solved(first.id);
      const elsewhere = await visitor().post(`/f/${second.id}`, { ...GOOD, altcha });
      expect(elsewhere.statusCode).toBe(400);
      refusedFor(elsewhere.body, CHALLENGE_MESSAGES.invalid);
      expect(await submissionsOf(second.id)).toEqual([]);
      expect((await visitor().post(`/f/${first.id}`, { ...GOOD, altcha })).statusCode).toBe(303);
    });

    it('refuses an expired solution', async () => {
      const form = await newForm();
      const { altcha } = await solved(form.id);
      h.clock.advance(CHALLENGE_TTL_MS + 1000);
      const res = await visitor().post(`/f/${form.id}`, { ...GOOD, altcha });
      expect(res.statusCode).toBe(400);
      refusedFor(res.body, CHALLENGE_MESSAGES.expired);
      expect(await submissionsOf(form.id)).toEqual([]);
    });

    it('does not spend a solution sent with answers that are refused, so the corrected form goes through', async () => {
      const form = await newForm();
      const { altcha } = await solved(form.id);
      const wrong = await visitor().post(`/f/${form.id}`, { name: 'Ann', email: 'nope', altcha });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('id="email-error"');
      expect(wrong.body).not.toContain('id="altcha-error"');
      const right = await visitor().post(`/f/${form.id}`, { ...GOOD, altcha });
      expect(right.statusCode).toBe(303);
      expect(await submissionsOf(form.id)).toHaveLength(1);
    });

    it('keeps the honeypot first: a filled one is answered as accepted and nothing is stored', async () => {
      const form = await newForm();
      const res = await visitor().post(`/f/${form.id}`, { ...GOOD, website_url: 'http://spam.example' });
      expect(res.statusCode).toBe(303);
      expect(await submissionsOf(form.id)).toEqual([]);
    });
  });
});
