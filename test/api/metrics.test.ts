import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { ownerOf } from '../support/actors.js';
import { hit } from '../support/hits.js';
import { describeEach, STORES } from '../support/stores.js';

const TOKEN = 'metrics-token-0123456789';
const REMOTE = '203.0.113.9';

const series = (text: string, name: string) =>
  Object.fromEntries(
    [...text.matchAll(new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`, 'gm'))].map((m) => [m[1] ?? '', Number(m[2])]),
  );

describeEach(STORES)('/metrics ($name)', (store) => {
  let open: Harness;
  let guarded: Harness;
  let adminOnly: Harness;
  beforeAll(async () => {
    open = await createHarness(store, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    guarded = await createHarness(store, { env: { METRICS_TOKEN: TOKEN } });
    adminOnly = await createHarness(store, { env: { ADMIN_PORT: '9464' } });
  });
  afterAll(async () => {
    await Promise.all([open, guarded, adminOnly].map((h) => h.close()));
  });

  it('answers a client on this machine when no token is set, and 404 to any other', async () => {
    expect((await open.request({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await open.request({ method: 'GET', url: '/metrics', remoteAddress: REMOTE })).statusCode).toBe(404);
  });

  it('with METRICS_TOKEN, answers only the bearer of the token, from anywhere', async () => {
    const ask = (authorization?: string, remoteAddress = REMOTE) =>
      guarded.request({ method: 'GET', url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} });
    expect((await ask(`Bearer ${TOKEN}`)).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(404);
    expect((await ask(undefined, '127.0.0.1')).statusCode).toBe(404);
    expect((await ask(`Bearer ${TOKEN}x`)).statusCode).toBe(404);
    expect((await ask(`Bearer ${TOKEN.slice(0, -1)}`)).statusCode).toBe(404);
  });

  it('with ADMIN_PORT and no token, is not served on the public port at all', async () => {
    expect((await adminOnly.request({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });

  it('reports the recorder backlog, the webhook outbox and allowance use', async () => {
    const h = open;
    const metered = await h.factory.tenant({ plan: 'business', monthlyAllowance: 10 });
    await h.factory.tenant({ plan: 'free' });
    for (let i = 0; i < 6; i += 1) await h.services.platform.limits.takeQuota(metered.account.id, 10);
    await h.services.delivery.webhooks.create(ownerOf(metered), { url: 'http://127.0.0.1:9/in' });
    const code = await h.factory.code(metered.account.id);
    h.services.traffic.recorder.record(hit(h, { accountId: metered.account.id, targetId: code.id }));
    const before = (await h.request({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(series(before, 'qrelay_recorder_backlog')['']).toBe(1);
    await h.services.traffic.recorder.flush();
    h.clock.advance(60_000);
    const after = (await h.request({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(series(after, 'qrelay_recorder_backlog')['']).toBe(0);
    expect(series(after, 'qrelay_recorder_held_answers_total')['']).toBe(0);
    expect(series(after, 'qrelay_webhook_queue_pending')['']).toBe(1);
    expect(series(after, 'qrelay_webhook_queue_due')['']).toBe(1);
    expect(series(after, 'qrelay_webhook_queue_oldest_due_seconds')['']).toBe(60);
    expect(series(after, 'qrelay_allowance_accounts')).toMatchObject({ '{spent="50_to_80"}': 1, '{spent="spent"}': 0 });
  });
});
