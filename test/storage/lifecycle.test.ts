import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withUtm } from '../../src/catalog/lifecycle/utm.js';
import { previewPage } from '../../src/http/resolver/pages.js';
import type { Visit } from '../../src/traffic/resolver/resolver.types.js';
import { actorIn } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness, type Peer } from '../support/harness.js';
import { IPHONE } from '../support/hits.js';
import { describeEach, STORES } from '../support/stores.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('withUtm', () => {
  it('replaces a parameter of the same name and keeps every other byte of the query and the fragment', () => {
    expect(withUtm('https://example.com/p?a=1+2&utm_source=old&b=x%20y#top', { source: 'poster' })).toBe(
      'https://example.com/p?a=1+2&b=x%20y&utm_source=poster#top',
    );
  });

  it('adds a query when there was none, before the fragment, encoding the values', () => {
    expect(withUtm('https://example.com/p#frag', { source: 'a b', campaign: 'spring&sale' })).toBe(
      'https://example.com/p?utm_source=a%20b&utm_campaign=spring%26sale#frag',
    );
    expect(withUtm('https://example.com/', { medium: 'print' })).toBe('https://example.com/?utm_medium=print');
  });

  it('matches an encoded name, leaves other utm parameters and returns the destination untouched without UTM', () => {
    expect(withUtm('https://example.com/?utm%5Fsource=x&utm_term=keep', { source: 'y' })).toBe(
      'https://example.com/?utm_term=keep&utm_source=y',
    );
    expect(withUtm('https://example.com/?a=%zz&b=+', null)).toBe('https://example.com/?a=%zz&b=+');
  });
});

describe('previewPage', () => {
  it('escapes the title and carries the Open Graph tags', () => {
    const html = previewPage(
      { title: '<script>alert(1)</script>', description: 'Half "off"', imageId: 'x', imagePath: '/media/abc.png' },
      'http://qrelay.test/Spring',
      'http://qrelay.test',
    );
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script>alert(1)&lt;/script>');
    expect(html).toMatch(/<meta property="og:title" content="&lt;script>alert\(1\)&lt;\/script>"/);
    expect(html).toContain('<meta property="og:image" content="http://qrelay.test/media/abc.png"');
    expect(html).toContain('<meta property="og:url" content="http://qrelay.test/Spring"');
    expect(html).toContain('content="Half &quot;off&quot;"');
  });
});

describeEach(STORES)('lifecycle on the store ($name)', (store) => {
  let h: Harness;
  let peer: Peer | null = null;
  /**
   * The instance that runs the jobs beside `h`: a second one on PostgreSQL; on SQLite, which serves one
   * process, `h` itself (two calls at once on its one connection).
   */
  const second = () => peer?.services ?? h.services;
  let t: Tenant;
  const owner = () => actorIn(t.account.id);
  const at = (ms: number) => new Date(h.clock.now() + ms).toISOString();
  const visitOf = (shortCode: string, userAgent: string | null, method: Visit['method'] = 'GET'): Visit => ({
    host: 'qrelay.test',
    shortCode,
    method,
    userAgent,
    acceptLanguage: null,
    clientAddress: '203.0.113.7',
    placement: null,
    headers: {},
  });

  beforeAll(async () => {
    h = await createHarness(store, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    // SQLite serves one process: a second instance beside `h` would only wait on its lock.
    if (store.name !== 'sqlite') peer = await h.peer();
    t = await h.factory.tenant();
  });
  afterAll(async () => {
    await peer?.close();
    await h.close();
  });

  it('forwards exactly maxScans counted visits under concurrency; robots and HEAD take none', async () => {
    const N = 5;
    const code = await h.services.catalog.codes.create(owner(), {
      name: 'Limited',
      url: 'https://example.com/limited',
      maxScans: N,
    });
    const resolver = h.services.traffic.resolver;
    const shortCode = code.shortCode!;
    for (const visit of [
      visitOf(shortCode, GOOGLEBOT),
      visitOf(shortCode, IPHONE, 'HEAD'),
      visitOf(shortCode, GOOGLEBOT, 'HEAD'),
    ])
      expect((await resolver.visit(visit)).kind).toBe('redirect');
    // Both instances answer at once, sharing the count in the store.
    const outcomes = await Promise.all(
      Array.from({ length: N + 5 }, (_, i) =>
        (i % 2 === 0 ? resolver : second().traffic.resolver).visit(visitOf(shortCode, IPHONE)),
      ),
    );
    expect(outcomes.filter((o) => o.kind === 'redirect')).toHaveLength(N);
    expect(outcomes.filter((o) => o.kind === 'expired')).toHaveLength(5);
    expect(outcomes.find((o) => o.kind === 'expired')).toEqual({ kind: 'expired', location: null });
    const uses = await h.infra.database.db.selectFrom('codes').select('uses').where('id', '=', code.id).executeTakeFirstOrThrow();
    expect(Number(uses.uses)).toBe(N);
    // Once the limit is taken, robots and HEAD find it expired too.
    expect((await resolver.visit(visitOf(shortCode, GOOGLEBOT))).kind).toBe('expired');
    expect((await resolver.visit(visitOf(shortCode, IPHONE, 'HEAD'))).kind).toBe('expired');
    expect((await h.services.catalog.codes.get(owner(), code.id)).expiry).toMatchObject({ maxScans: N });
  });

  it('applies a due repoint once across two instances, and never a cancelled one', async () => {
    const code = await h.services.catalog.codes.create(owner(), { name: 'Moving', url: 'https://example.com/before' });
    const link = await h.factory.link(t.account.id, { url: 'https://example.com/link-before' });
    const repoints = h.services.catalog.repoints;
    const due = await repoints.schedule(owner(), h.services.catalog.codes, code.id, {
      url: 'https://example.com/after',
      at: at(60_000),
    });
    const cancelled = await repoints.schedule(owner(), h.services.catalog.links, link.id, {
      url: 'https://example.com/never',
      at: at(30_000),
    });
    await repoints.cancel(owner(), h.services.catalog.links, link.id, cancelled.id);
    expect(await repoints.applyDue()).toBe(0);
    h.clock.advance(60_000);
    const counts = await Promise.all([repoints.applyDue(), second().catalog.repoints.applyDue()]);
    expect(counts.sort()).toEqual([0, 1]);
    const [done] = await repoints.list(owner(), h.services.catalog.codes, code.id);
    expect(done).toMatchObject({ id: due.id, status: 'done', appliedAt: h.clock.now() });
    expect((await h.services.catalog.codes.get(owner(), code.id)).destination).toBe('https://example.com/after');
    expect((await h.services.catalog.links.get(owner(), link.id)).destination).toBe('https://example.com/link-before');
    expect((await repoints.list(owner(), h.services.catalog.links, link.id))[0]!.status).toBe('cancelled');
    // Both instances forward to the new address.
    for (const resolver of [h.services.traffic.resolver, second().traffic.resolver]) {
      expect(await resolver.visit(visitOf(code.shortCode!, IPHONE))).toEqual({
        kind: 'redirect',
        location: 'https://example.com/after',
      });
    }
    expect(await Promise.all([repoints.applyDue(), second().catalog.repoints.applyDue()])).toEqual([0, 0]);
  });

  it('announces an expiry once across two instances: one alert, one webhook delivery', async () => {
    // The limited code of the test above has expired by count: announced here, before this test's own.
    await h.services.catalog.expiries.announceDue();
    const tenant = await h.factory.tenant();
    const actor = actorIn(tenant.account.id);
    const code = await h.services.catalog.codes.create(actor, {
      name: 'Ends soon',
      url: 'https://example.com/ends',
      expiresAt: at(60_000),
    });
    await h.services.traffic.alerts.createRule(actor, { codeId: code.id, kind: 'expired' });
    const hook = await h.services.delivery.webhooks.create(actor, { url: 'http://127.0.0.1:9/hook', events: ['code_expired'] });
    const announce = () => Promise.all([h.services.catalog.expiries.announceDue(), second().catalog.expiries.announceDue()]);
    expect(await announce()).toEqual([0, 0]);
    h.clock.advance(60_000);
    expect((await announce()).reduce((a, b) => a + b, 0)).toBe(1);
    expect((await announce()).reduce((a, b) => a + b, 0)).toBe(0);
    const alerts = await h.services.traffic.alerts.list(actor, { codeId: code.id });
    expect(alerts.alerts.map((a) => a.kind)).toEqual(['expired']);
    const deliveries = await h.services.delivery.webhooks.deliveries(actor, hook.id, 10);
    expect(deliveries.map((d) => d.eventType)).toEqual(['code_expired']);
    expect(JSON.parse(deliveries[0]!.payload)).toMatchObject({
      type: 'code_expired',
      data: { id: code.id, kind: 'code', name: 'Ends soon', reason: 'date' },
    });
  });

  it('shows link-preview robots the preview, redirects phones, and redirects robots when there is none', async () => {
    const withPreview = await h.services.catalog.codes.create(owner(), {
      name: 'Shared',
      url: 'https://example.com/shared',
      preview: { title: 'Spring sale', description: 'Half off' },
    });
    const plain = await h.factory.code(t.account.id, { url: 'https://example.com/plain' });
    const resolver = h.services.traffic.resolver;
    for (const robot of ['facebookexternalhit/1.1', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)']) {
      expect(await resolver.visit(visitOf(withPreview.shortCode!, robot))).toMatchObject({
        kind: 'preview',
        preview: { title: 'Spring sale', description: 'Half off' },
        url: `http://qrelay.test/${withPreview.shortCode}`,
      });
      expect(await resolver.visit(visitOf(plain.shortCode!, robot))).toEqual({
        kind: 'redirect',
        location: 'https://example.com/plain',
      });
    }
    expect(await resolver.visit(visitOf(withPreview.shortCode!, IPHONE))).toEqual({
      kind: 'redirect',
      location: 'https://example.com/shared',
    });
  });
});
