import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { WebhookDeliveryJob } from '../../src/jobs/webhook-delivery.job.js';
import { WebhookSender } from '../../src/delivery/webhooks/webhook.sender.js';
import { WebhooksRepository } from '../../src/delivery/webhooks/store/webhooks.repository.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { DESKTOP, IPHONE } from '../support/hits.js';
import { Receiver } from '../support/receiver.js';
import { describeEach, STORES } from '../support/stores.js';

const silent = { warn: () => undefined, error: () => undefined };

/** From a scan on the resolver to every place it shows: events, counters, analytics, webhooks; and back out. */
describeEach(STORES)('the scan pipeline ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    t = await h.factory.tenant({ plan: 'business' });
  });

  const scan = (path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    h.request({ method, url: path, headers: { host: 'qrelay.test', 'user-agent': IPHONE, ...headers } });
  const api = (method: 'GET' | 'POST', url: string, token = t.token) => h.request({ method, url, token });

  it('counts a human scan everywhere and a robot or HEAD nowhere', async () => {
    const code = await h.factory.code(t.account.id);
    expect((await scan(`/${code.shortCode}?p=poster`, { 'cf-ipcountry': 'DE' })).statusCode).toBe(302);
    expect((await scan(`/${code.shortCode}`, { 'user-agent': DESKTOP })).statusCode).toBe(302);
    for (const bot of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'facebookexternalhit/1.1',
      'Googlebot/2.1',
    ]) {
      expect((await scan(`/${code.shortCode}`, { 'user-agent': bot })).statusCode).toBe(302);
    }
    expect((await scan(`/${code.shortCode}`, {}, 'HEAD')).statusCode).toBe(302);
    await h.services.traffic.recorder.flush();

    const events = (await api('GET', `/api/v1/events?codeId=${code.id}`)).json().data;
    expect(events).toHaveLength(2);
    expect(events.map((e: { device: string }) => e.device).sort()).toEqual(['desktop', 'mobile']);
    expect(events.find((e: { device: string }) => e.device === 'mobile')).toMatchObject({
      type: 'scan',
      codeId: code.id,
      placement: 'poster',
      os: 'iOS',
    });
    expect((await api('GET', `/api/v1/codes/${code.id}`)).json().data.scans).toBe(2);
    const analytics = (await api('GET', `/api/v1/analytics/codes/${code.id}?days=7`)).json().data;
    expect(analytics.totals).toEqual({ scans: 2, uniqueVisitors: 2, excluded: 4 });
    expect(analytics.daily).toHaveLength(7);
    expect(analytics.placements).toContainEqual({ value: 'poster', scans: 1 });
  });

  it('counts a short link click as link_click and in the link clicks', async () => {
    const link = await h.factory.link(t.account.id);
    await scan(`/${link.shortCode}`);
    await h.services.traffic.recorder.flush();
    const events = (await api('GET', '/api/v1/events?type=link_click')).json().data;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'link_click', codeId: null });
    expect((await api('GET', `/api/v1/links/${link.id}`)).json().data.clicks).toBe(1);
  });

  it('clears a code scan history in full, leaving the code and its address working', async () => {
    const code = await h.factory.code(t.account.id);
    const other = await h.factory.code(t.account.id);
    for (let i = 0; i < 3; i++) await scan(`/${code.shortCode}`, { 'user-agent': `${IPHONE} ${i}` });
    await scan(`/${other.shortCode}`);
    await h.services.traffic.recorder.flush();

    const stranger = await h.factory.tenant();
    expect((await api('POST', `/api/v1/codes/${code.id}/clear-scans`, stranger.token)).statusCode).toBe(404);

    const cleared = await api('POST', `/api/v1/codes/${code.id}/clear-scans`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toEqual({ codeId: code.id, eventsRemoved: 3 });
    expect((await api('GET', `/api/v1/codes/${code.id}`)).json().data).toMatchObject({ scans: 0, shortCode: code.shortCode });
    expect((await api('GET', `/api/v1/events?codeId=${code.id}`)).json().data).toEqual([]);
    expect((await api('GET', `/api/v1/analytics/codes/${code.id}`)).json().data.totals.scans).toBe(0);
    expect((await api('GET', `/api/v1/codes/${other.id}`)).json().data.scans).toBe(1);
    expect((await api('POST', `/api/v1/codes/${code.id}/clear-scans`)).json().data.eventsRemoved).toBe(0);

    expect((await scan(`/${code.shortCode}`)).statusCode).toBe(302);
    await h.services.traffic.recorder.flush();
    expect((await api('GET', `/api/v1/codes/${code.id}`)).json().data.scans).toBe(1);
  });

  it('keeps analytics to the owner: another account gets 404, and days is bounded', async () => {
    const code = await h.factory.code(t.account.id);
    const stranger = await h.factory.tenant();
    expect((await api('GET', `/api/v1/analytics/codes/${code.id}`, stranger.token)).statusCode).toBe(404);
    for (const days of [0, 3651, -1])
      expect((await api('GET', `/api/v1/analytics/codes/${code.id}?days=${days}`)).statusCode).toBe(400);
    expect((await api('GET', `/api/v1/analytics/codes/${code.id}?days=3650`)).json().data.daily).toHaveLength(3650);
  });

  it('shows folder analytics from real scans', async () => {
    const folder = (await h.request({ method: 'POST', url: '/api/v1/folders', token: t.token, payload: { name: 'Shop' } })).json()
      .data;
    const code = await h.factory.code(t.account.id, { folderId: folder.id });
    await scan(`/${code.shortCode}`);
    await h.services.traffic.recorder.flush();
    const analytics = (await api('GET', `/api/v1/folders/${folder.id}/analytics?days=7`)).json().data;
    expect(analytics).toMatchObject({ scans: 1, uniqueVisitors: 1 });
    expect(analytics.codes).toEqual([{ codeId: code.id, name: code.name, scans: 1, uniqueVisitors: 1 }]);
  });

  it('delivers a human scan to a webhook with the event id, and a robot scan to nobody', async () => {
    const receiver = await new Receiver().start();
    const sender = new WebhookSender(true);
    const job = new WebhookDeliveryJob(new WebhooksRepository(h.infra.database), sender, h.clock, silent);
    try {
      await h.request({ method: 'POST', url: '/api/v1/hooks', token: t.token, payload: { url: receiver.url } });
      const code = await h.factory.code(t.account.id);
      await scan(`/${code.shortCode}`, { 'user-agent': 'Twitterbot/1.0' });
      await scan(`/${code.shortCode}`);
      await h.services.traffic.recorder.flush();
      await job.runOnce();
      const [event] = (await api('GET', `/api/v1/events?codeId=${code.id}`)).json().data;
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers['webhook-id']).toBe(event.id);
      expect(JSON.parse(receiver.received[0]!.body)).toEqual({ type: 'scan', timestamp: event.occurredAt, data: event });
      expect(receiver.received[0]!.body).not.toContain('127.0.0.1');
    } finally {
      await sender.close();
      await receiver.stop();
    }
  });
});
