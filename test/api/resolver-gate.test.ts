import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashGatePassword } from '../../src/catalog/codes/gate.js';
import { GATE_FAILURES_PER_CODE_PER_MINUTE } from '../../src/traffic/resolver/resolver.service.js';
import { createHarness, type Harness } from '../support/harness.js';
import { COUNTER_CASES, describeEach } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';

describeEach(COUNTER_CASES)('the password gate ($name)', ({ store, counters }) => {
  let h: Harness;
  let t: Tenant;
  let clients = 0;
  beforeAll(async () => {
    h = await createHarness(store, { redis: counters === 'redis' });
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  /** A new client address each call unless one is given, as a botnet's would be. */
  const submit = (
    code: { shortCode: string | null },
    password: string,
    client = `198.18.${(clients >> 8) & 255}.${++clients & 255}`,
  ) =>
    h.app.inject({
      method: 'POST',
      url: `/${code.shortCode}`,
      remoteAddress: client,
      headers: { host: 'qrelay.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `password=${encodeURIComponent(password)}`,
    });

  it(`takes at most ${GATE_FAILURES_PER_CODE_PER_MINUTE} wrong passwords per code and minute from all clients, with the per-client 429 page`, async () => {
    h.clock.set(Date.UTC(2026, 2, 10, 12, 0, 15));
    const code = await h.factory.code(t.account.id, { url: 'https://example.com/vault', gate: { password: 'right password' } });
    const other = await h.factory.code(t.account.id, { gate: { password: 'right password' } });
    for (let i = 0; i < GATE_FAILURES_PER_CODE_PER_MINUTE; i += 1)
      expect((await submit(code, `guess ${i}`)).statusCode).toBe(401);

    const limited = await submit(code, 'one more guess');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('45');
    // Even the right password waits for the next window: the limit is the code's, not the guesser's.
    expect((await submit(code, 'right password')).statusCode).toBe(429);
    // Another code is not affected.
    expect((await submit(other, 'right password')).statusCode).toBe(303);

    // One client over its own limit gets the same page.
    const client = '198.19.0.1';
    for (let i = 0; i < 10; i += 1) expect((await submit(other, 'wrong', client)).statusCode).toBe(401);
    const perClient = await submit(other, 'wrong', client);
    expect(perClient.statusCode).toBe(429);
    expect(perClient.headers['content-type']).toBe(limited.headers['content-type']);
    expect(perClient.headers['retry-after']).toBe(limited.headers['retry-after']);
    expect(perClient.body).toBe(limited.body);

    h.clock.advance(45_000);
    const passed = await submit(code, 'right password');
    expect(passed.statusCode).toBe(303);
    expect(passed.headers.location).toBe('https://example.com/vault');
  });

  it('counts only wrong passwords towards the code’s limit', async () => {
    h.clock.set(Date.UTC(2026, 2, 10, 13, 0, 0));
    const code = await h.factory.code(t.account.id, { gate: { password: 'right password' } });
    for (let i = 1; i < GATE_FAILURES_PER_CODE_PER_MINUTE; i += 1) expect((await submit(code, 'wrong')).statusCode).toBe(401);
    for (let i = 0; i < 5; i += 1) expect((await submit(code, 'right password')).statusCode).toBe(303);
    expect((await submit(code, 'wrong')).statusCode).toBe(401);
    expect((await submit(code, 'wrong')).statusCode).toBe(429);
  });

  it('refuses a new password shorter than 8 characters, but still opens a shorter one set before', async () => {
    const refused = await h.request({
      method: 'POST',
      url: '/api/v1/codes',
      token: t.token,
      payload: { name: 'short gate', url: 'https://example.com', gate: { password: 'seven!!' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('body.gate.password');
    const code = await h.factory.code(t.account.id, { url: 'https://example.com/old' });
    // A gate set while 4 characters were enough, written as the store holds it.
    await h.infra.database.db
      .updateTable('codes')
      .set({ gate_hash: await hashGatePassword('abcd') })
      .where('id', '=', code.id)
      .execute();
    const passed = await submit(code, 'abcd');
    expect(passed.statusCode).toBe(303);
    expect(passed.headers.location).toBe('https://example.com/old');
  });
});
