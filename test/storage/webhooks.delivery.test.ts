import BetterSqlite3 from 'better-sqlite3';
import { transactor } from '../../src/db/transaction.js';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { WebhookDeliveryJob } from '../../src/jobs/webhook-delivery.job.js';
import { newId } from '../../src/lib/ids.js';
import { WebhookSender } from '../../src/delivery/webhooks/webhook.sender.js';
import { WebhooksRepository } from '../../src/delivery/webhooks/store/webhooks.repository.js';
import { RETRY_DELAYS_MS, type OutgoingEvent } from '../../src/delivery/webhooks/webhooks.types.js';
import { createHarness, type Harness } from '../support/harness.js';
import { Receiver } from '../support/receiver.js';
import { describeEach, STORES } from '../support/stores.js';

const warnings: { details: Record<string, unknown>; message: string }[] = [];
const silent = {
  warn: (details: unknown, message?: string) =>
    void warnings.push({ details: details as Record<string, unknown>, message: message ?? '' }),
  error: () => undefined,
};

describeEach(STORES)('webhooks ($name)', (store) => {
  let h: Harness;
  let receiver: Receiver;
  let sender: WebhookSender;
  let job: WebhookDeliveryJob;
  beforeAll(async () => {
    h = await createHarness(store, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    sender = new WebhookSender(true);
    job = new WebhookDeliveryJob(new WebhooksRepository(h.infra.database), sender, h.clock, silent);
  });
  afterAll(async () => {
    await sender.close();
    await h.close();
  });
  beforeEach(async () => {
    receiver = await new Receiver().start();
    // Each test starts with an empty outbox: what earlier tests left pending would become due as the clock moves.
    await h.infra.database.db
      .updateTable('webhook_deliveries')
      .set({ status: 'cancelled' })
      .where('status', '=', 'pending')
      .execute();
  });
  afterEach(() => receiver.stop());

  const event = (accountId: string, type = 'scan'): OutgoingEvent => ({
    id: newId(),
    accountId,
    type,
    occurredAt: h.clock.now(),
    data: { id: 'set below', type, codeId: 'c1', country: 'DE' },
  });
  const publish = async (events: OutgoingEvent[]) => {
    for (const e of events) e.data.id = e.id;
    return transactor(h.infra.database.db).run((tx) => h.services.delivery.webhooks.enqueue(tx, events, (e) => e));
  };
  const subscribe = async (token: string, body: object) => {
    const res = await h.request({ method: 'POST', url: '/api/v1/hooks', token, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; secret: string };
  };

  it('starts no attempt that could outlast its claim, and leaves the rest to the next claim', async () => {
    const { account, token } = await h.factory.tenant({ plan: 'business' });
    await subscribe(token, { url: receiver.url });
    await publish(Array.from({ length: 5 }, () => event(account.id)));
    // Every attempt takes 20 s of the clock: with a 60 s claim and a 10 s attempt limit, attempts
    // start at 0, 20 and 40 s; one at 60 s could still be running when another instance claims it.
    const slow = Object.create(sender) as WebhookSender;
    slow.send = async (input) => {
      h.clock.advance(20_000);
      return sender.send(input);
    };
    const repo = new WebhooksRepository(h.infra.database);
    const first = new WebhookDeliveryJob(repo, slow, h.clock, silent, { perEndpoint: 1, lockMs: 60_000 });
    expect(await first.runOnce()).toBe(5);
    expect(receiver.received).toHaveLength(3);
    const other = new WebhookDeliveryJob(repo, sender, h.clock, silent, { perEndpoint: 1, lockMs: 60_000 });
    expect(await other.runOnce()).toBe(0);
    h.clock.advance(1);
    expect(await other.runOnce()).toBe(2);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(5);
  });

  it('creates, lists without the secret, and deletes subscriptions', async () => {
    const { token } = await h.factory.tenant({ plan: 'business' });
    const created = await subscribe(token, { url: receiver.url, events: ['scan'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const list = await h.request({ method: 'GET', url: '/api/v1/hooks', token });
    expect(list.json().data).toEqual([
      {
        id: created.id,
        url: receiver.url,
        events: ['scan'],
        status: 'active',
        disabledReason: null,
        failingSince: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(list.body).not.toContain(created.secret);
    const other = await h.factory.tenant({ plan: 'business' });
    expect((await h.request({ method: 'DELETE', url: `/api/v1/hooks/${created.id}`, token: other.token })).statusCode).toBe(404);
    expect((await h.request({ method: 'DELETE', url: `/api/v1/hooks/${created.id}`, token })).statusCode).toBe(200);
    expect((await h.request({ method: 'GET', url: '/api/v1/hooks', token })).json().data).toEqual([]);
  });

  it('refuses plans without webhooks with 403 forbidden', async () => {
    const { token } = await h.factory.tenant({ plan: 'starter' });
    const res = await h.request({ method: 'POST', url: '/api/v1/hooks', token, payload: { url: receiver.url } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  it('refuses bad targets and unknown event types with 400', async () => {
    const { token } = await h.factory.tenant();
    for (const body of [
      { url: 'ftp://x.test/' },
      { url: 'not a url' },
      { url: 'https://u:p@x.test/' },
      { url: receiver.url, events: ['scan', 'nope'] },
    ]) {
      const res = await h.request({ method: 'POST', url: '/api/v1/hooks', token, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('delivers a signed Standard Webhooks request that the reference library verifies', async () => {
    const { account, token } = await h.factory.tenant();
    const hook = await subscribe(token, { url: receiver.url });
    const e = event(account.id);
    expect(await publish([e])).toBe(1);
    expect(await job.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const { headers, body } = receiver.received[0]!;
    expect(headers['webhook-id']).toBe(e.id);
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(h.clock.now() / 1000)));
    // The reference library checks the timestamp against its own clock: it reads qrelay's here.
    vi.useFakeTimers({ toFake: ['Date'], now: h.clock.now() });
    let verified: { type: string; timestamp: string; data: { id: string } };
    try {
      verified = new StandardWebhook(hook.secret).verify(body, {
        'webhook-id': String(headers['webhook-id']),
        'webhook-timestamp': String(headers['webhook-timestamp']),
        'webhook-signature': String(headers['webhook-signature']),
      }) as typeof verified;
    } finally {
      vi.useRealTimers();
    }
    expect(verified).toEqual({ type: 'scan', timestamp: new Date(e.occurredAt).toISOString(), data: e.data });
    const log = (await h.request({ method: 'GET', url: `/api/v1/hooks/${hook.id}/deliveries`, token })).json().data;
    expect(log[0]).toMatchObject({ eventId: e.id, status: 'succeeded', attempts: 1, lastStatus: 200 });
    expect(log[0].responseExcerpt.length).toBeLessThanOrEqual(256);
  });

  it('retries a failure with the same webhook-id after the backoff', async () => {
    const { account, token } = await h.factory.tenant();
    const hook = await subscribe(token, { url: receiver.url });
    receiver.statuses = [500, 200];
    const e = event(account.id);
    await publish([e]);
    warnings.length = 0;
    await job.runOnce();
    expect(receiver.received).toHaveLength(1);
    // The operator sees the failure once, with the subscription and the attempt.
    expect(warnings).toEqual([
      {
        message: 'webhook delivery failed',
        details: {
          webhookId: hook.id,
          accountId: account.id,
          eventId: e.id,
          attempt: 1,
          status: 500,
          error: 'HTTP 500',
          retryAt: new Date(h.clock.now() + 5000).toISOString(),
        },
      },
    ]);
    expect(await job.runOnce()).toBe(0);
    const pending = (await h.request({ method: 'GET', url: `/api/v1/hooks/${hook.id}/deliveries`, token })).json().data[0];
    expect(pending).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatus: 500,
      nextAttemptAt: new Date(h.clock.now() + 5000).toISOString(),
    });
    h.clock.advance(5000);
    expect(await job.runOnce()).toBe(1);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([e.id, e.id]);
    const hooks = (await h.request({ method: 'GET', url: '/api/v1/hooks', token })).json().data;
    expect(hooks[0].failingSince).toBeNull();
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    const { account, token } = await h.factory.tenant();
    const hook = await subscribe(token, { url: receiver.url });
    receiver.statuses = [302];
    await publish([event(account.id)]);
    await job.runOnce();
    const log = (await h.request({ method: 'GET', url: `/api/v1/hooks/${hook.id}/deliveries`, token })).json().data;
    expect(log[0]).toMatchObject({ status: 'pending', lastStatus: 302 });
    expect(receiver.received).toHaveLength(1);
  });

  it('delivers after a restart what was pending before it', async () => {
    const { account, token } = await h.factory.tenant();
    await subscribe(token, { url: receiver.url });
    const events = [event(account.id), event(account.id), event(account.id)];
    await publish(events);
    const restarted = new WebhookDeliveryJob(new WebhooksRepository(h.infra.database), sender, h.clock, silent);
    expect(await restarted.runOnce()).toBe(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set(events.map((e) => e.id)));
  });

  it('takes over a delivery whose sender died mid-attempt once its claim lapses', async () => {
    const { account, token } = await h.factory.tenant();
    await subscribe(token, { url: receiver.url });
    await publish([event(account.id)]);
    const repo = new WebhooksRepository(h.infra.database);
    expect(await repo.claimDue(h.clock.now(), 10, 60_000)).toHaveLength(1);
    expect(await job.runOnce()).toBe(0);
    h.clock.advance(60_001);
    expect(await job.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });

  it.runIf(store.name === 'sqlite')('looks for due deliveries without waiting for the write lock when none is due', async () => {
    const { account, token } = await h.factory.tenant();
    await subscribe(token, { url: receiver.url });
    await publish([event(account.id)]);
    // Its attempt is due a second from now: nothing is due yet.
    await h.infra.database.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: h.clock.now() + 1000 })
      .execute();
    const repo = new WebhooksRepository(h.infra.database);
    // Another connection mid-transaction, as the events writer is during a batch: a claim that began
    // its transaction first would wait for it (and fail once its wait for the lock ran out).
    const other = new BetterSqlite3(h.config.databaseUrl.slice('sqlite:'.length));
    other.exec('begin immediate');
    try {
      expect(await repo.claimDue(h.clock.now(), 10, 60_000)).toEqual([]);
    } finally {
      other.exec('rollback');
      other.close();
    }
    h.clock.advance(1000);
    expect(await repo.claimDue(h.clock.now(), 10, 60_000)).toHaveLength(1);
  });

  it('turns a subscription off on 410 Gone and stops enqueuing for it', async () => {
    const { account, token } = await h.factory.tenant();
    const hook = await subscribe(token, { url: receiver.url });
    receiver.statuses = [410];
    await publish([event(account.id), event(account.id)]);
    await job.runOnce();
    const hooks = (await h.request({ method: 'GET', url: '/api/v1/hooks', token })).json().data;
    expect(hooks[0]).toMatchObject({ id: hook.id, status: 'disabled', disabledReason: 'gone' });
    expect(await publish([event(account.id)])).toBe(0);
    const log = (await h.request({ method: 'GET', url: `/api/v1/hooks/${hook.id}/deliveries`, token })).json().data;
    // Attempts already under way when the 410 arrived end as failed; the rest are cancelled. Nothing stays pending.
    expect(log.map((d: { status: string }) => d.status)).toContain('failed');
    for (const d of log) expect(['failed', 'cancelled']).toContain(d.status);
  });

  it('turns off a subscription that keeps failing through the whole schedule', async () => {
    const { account, token } = await h.factory.tenant();
    const hook = await subscribe(token, { url: receiver.url });
    receiver.statuses = [503];
    await publish([event(account.id)]);
    for (let i = 0; i < 12; i++) {
      await job.runOnce();
      h.clock.advance(RETRY_DELAYS_MS[i + 1] ?? 86_400_000);
    }
    expect(receiver.received).toHaveLength(10);
    const hooks = (await h.request({ method: 'GET', url: '/api/v1/hooks', token })).json().data;
    expect(hooks[0]).toMatchObject({ id: hook.id, status: 'disabled', disabledReason: 'failing' });
  });

  it('retries a delivery that failed for good once more and turns the subscription back on', async () => {
    const { account, token } = await h.factory.tenant();
    const hook = await subscribe(token, { url: receiver.url });
    const e = event(account.id);
    receiver.statuses = [410, 200];
    await publish([e]);
    await job.runOnce();
    const failed = (await h.request({ method: 'GET', url: `/api/v1/hooks/${hook.id}/deliveries`, token })).json().data[0];
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 410 });
    const retryUrl = `/api/v1/hooks/${hook.id}/deliveries/${failed.id}/retry`;
    const retried = await h.request({ method: 'POST', url: retryUrl, token });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ id: failed.id, status: 'pending', completedAt: null });
    expect((await h.request({ method: 'GET', url: '/api/v1/hooks', token })).json().data[0]).toMatchObject({
      status: 'active',
      disabledReason: null,
    });
    expect(await job.runOnce()).toBe(1);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([e.id, e.id]);
    const done = (await h.request({ method: 'GET', url: `/api/v1/hooks/${hook.id}/deliveries`, token })).json().data[0];
    expect(done).toMatchObject({ id: failed.id, status: 'succeeded', attempts: 2 });
    // A delivery that succeeded is not sent again; another account's subscription is not found.
    const again = await h.request({ method: 'POST', url: retryUrl, token });
    expect([again.statusCode, again.json().error.code]).toEqual([400, 'invalid_request']);
    const other = await h.factory.tenant();
    expect((await h.request({ method: 'POST', url: retryUrl, token: other.token })).statusCode).toBe(404);
    const unknown = `/api/v1/hooks/${hook.id}/deliveries/${newId()}/retry`;
    expect((await h.request({ method: 'POST', url: unknown, token })).statusCode).toBe(404);
  });

  it('stops deliveries on DELETE', async () => {
    const { account, token } = await h.factory.tenant();
    const hook = await subscribe(token, { url: receiver.url });
    await publish([event(account.id)]);
    await h.request({ method: 'DELETE', url: `/api/v1/hooks/${hook.id}`, token });
    expect(await job.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(0);
  });

  it('delivers only the subscribed types, and only to the event account', async () => {
    const { account, token } = await h.factory.tenant();
    const other = await h.factory.tenant();
    await subscribe(token, { url: receiver.url, events: ['link_click'] });
    expect(
      await publish([event(account.id, 'scan'), event(other.account.id, 'link_click'), event(account.id, 'link_click')]),
    ).toBe(1);
    await job.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body).type).toBe('link_click');
  });

  it('builds the delivered shape only of events that some subscription takes', async () => {
    const { account, token } = await h.factory.tenant();
    const quiet = await h.factory.tenant();
    await subscribe(token, { url: receiver.url, events: ['scan'] });
    const shaped: string[] = [];
    const events = [event(quiet.account.id), event(account.id), event(quiet.account.id, 'link_click')];
    for (const e of events) e.data.id = e.id;
    const enqueued = await transactor(h.infra.database.db).run((tx) =>
      h.services.delivery.webhooks.enqueue(tx, events, (e) => {
        shaped.push(e.accountId);
        return e;
      }),
    );
    expect(enqueued).toBe(1);
    expect(shaped).toEqual([account.id]);
    // An account without any webhook shapes nothing at all.
    shaped.length = 0;
    const none = await transactor(h.infra.database.db).run((tx) =>
      h.services.delivery.webhooks.enqueue(tx, [event(quiet.account.id)], (e) => {
        shaped.push(e.accountId);
        return e;
      }),
    );
    expect(none).toBe(0);
    expect(shaped).toEqual([]);
    await job.runOnce();
    expect(receiver.received).toHaveLength(1);
  });

  it('enqueues each event once per subscription even if the batch is written again', async () => {
    const { account, token } = await h.factory.tenant();
    await subscribe(token, { url: receiver.url });
    const e = event(account.id);
    await publish([e]);
    await publish([e]);
    expect(await job.runOnce()).toBe(1);
  });
});

describeEach(STORES)('webhook targets on private addresses ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  it('refuses loopback, private, link-local and metadata targets at creation', async () => {
    const { token } = await h.factory.tenant();
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://localhost/x',
      'http://10.1.2.3/x',
      'http://192.168.0.10/x',
      'http://172.16.5.5/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[fd00::1]/x',
      'http://0.0.0.0/x',
    ]) {
      const res = await h.request({ method: 'POST', url: '/api/v1/hooks', token, payload: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
      // The refusal names the operator's switch for a service of one's own.
      expect(res.json().error.message, url).toMatch(/WEBHOOK_ALLOW_PRIVATE=true and restarts/);
    }
  });

  it('refuses them again at delivery, after DNS resolution', async () => {
    const receiver = await new Receiver().start();
    const sender = new WebhookSender(false);
    try {
      for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
        const result = await sender.send({ url, secret: 'whsec_AAAA', eventId: 'e', body: '{}', timestampSeconds: 1 });
        expect(result.ok, url).toBe(false);
        expect(result.error, url).toMatch(/private|loopback/);
      }
      expect(receiver.received).toHaveLength(0);
    } finally {
      await sender.close();
      await receiver.stop();
    }
  });
});
