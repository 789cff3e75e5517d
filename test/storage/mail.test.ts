import { transactor } from '../../src/db/transaction.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { MailRepository } from '../../src/platform/mail/store/mail.repository.js';
import { MAX_ATTEMPTS, MailService, retryDelay } from '../../src/platform/mail/mail.service.js';
import type { MailMessage, MailTransport } from '../../src/platform/mail/mail.types.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

/** An SMTP stand-in that records what it sends, or refuses while `failing` is set. */
class FakeTransport implements MailTransport {
  sent: { to: string; subject: string; text: string }[] = [];
  failing = false;
  async send(message: { to: string; subject: string; text: string }) {
    if (this.failing) throw new Error('421 try again later');
    this.sent.push(message);
  }
  async close() {}
}

const message = (to: string): MailMessage => ({
  accountId: null,
  kind: 'password_reset',
  to,
  subject: 'Hello',
  text: 'secret link',
});

describeEach(STORES)('mail outbox ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  const withTransport = (transport: MailTransport | null) =>
    new MailService(new MailRepository(h.infra.database.db), transport, h.clock);

  it('keeps mail in the outbox when no SMTP server is configured', async () => {
    const mail = withTransport(null);
    await mail.enqueue(message('keep@example.com'));
    expect(await mail.deliverDue()).toBe(0);
    expect(await mail.list({ to: 'keep@example.com' })).toEqual([
      expect.objectContaining({ status: 'queued', text: 'secret link', attempts: 0 }),
    ]);
  });

  it('delivers each message once and drops the delivered body', async () => {
    const transport = new FakeTransport();
    const mail = withTransport(transport);
    await mail.enqueue(message('send@example.com'));
    const [first, second] = await Promise.all([mail.deliverDue(), mail.deliverDue()]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(transport.sent.filter((m) => m.to === 'send@example.com')).toEqual([
      { to: 'send@example.com', subject: 'Hello', text: 'secret link' },
    ]);
    expect(await mail.deliverDue()).toBe(0);
    expect(await mail.list({ to: 'send@example.com' })).toEqual([
      expect.objectContaining({ status: 'sent', text: '', sentAt: h.clock.now() }),
    ]);
  });

  it('retries a refused message with growing delays and gives up after the last attempt', async () => {
    const transport = new FakeTransport();
    transport.failing = true;
    const mail = withTransport(transport);
    await mail.enqueue(message('retry@example.com'));
    await mail.deliverDue();
    expect(await mail.list({ to: 'retry@example.com' })).toEqual([
      expect.objectContaining({ status: 'queued', attempts: 1, lastError: '421 try again later' }),
    ]);
    h.clock.advance(retryDelay(1) - 1);
    await mail.deliverDue();
    expect((await mail.list({ to: 'retry@example.com' }))[0]!.attempts).toBe(1);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      h.clock.advance(retryDelay(attempt));
      await mail.deliverDue();
    }
    expect(await mail.list({ to: 'retry@example.com' })).toEqual([
      expect.objectContaining({ status: 'failed', attempts: MAX_ATTEMPTS }),
    ]);
    transport.failing = false;
    h.clock.advance(retryDelay(MAX_ATTEMPTS));
    await mail.deliverDue();
    expect(transport.sent.some((m) => m.to === 'retry@example.com')).toBe(false);
  });

  it('writes nothing when the surrounding transaction fails', async () => {
    const mail = withTransport(null);
    await expect(
      transactor(h.infra.database.db).run(async (tx) => {
        await mail.enqueue(message('rolled-back@example.com'), tx);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await mail.list({ to: 'rolled-back@example.com' })).toEqual([]);
  });
});

describe('mail configuration', () => {
  it('accepts smtp:// and smtps:// addresses and a sender, and names a bad variable', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://user:pass@mail.example.com:465',
    );
    expect(loadConfig({}).smtpUrl).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'https://qr.example.com' }).mailFrom).toBe('qrelay <no-reply@qr.example.com>');
    expect(loadConfig({ MAIL_FROM: 'Team <team@example.com>' }).mailFrom).toBe('Team <team@example.com>');
    for (const env of [{ SMTP_URL: 'http://mail.example.com' }, { SMTP_URL: 'not a url' }, { MAIL_FROM: 'nobody' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });
});
