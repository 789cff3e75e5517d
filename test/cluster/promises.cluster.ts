import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet } from './fleet.js';
import { FLEETS } from './fleets.js';
import { api, bounded, eventIds, repeats, scan, startReceiver, until } from './traffic.js';

/** Long enough for a batch to commit (the recorder writes within ~2 s) on a busy machine. */
const SETTLE_MS = 30_000;

interface Tenant {
  accountId: string;
  token: string;
}

/** The promises of a multi-instance deployment (docs/deploy.md), each proven with real traffic to 127.0.0.1. */
describe.each(FLEETS)('$name', (fleetCase) => {
  if (fleetCase.missing) {
    it.skip(`needs ${fleetCase.missing}`, () => undefined);
    return;
  }
  let fleet: Fleet;
  const pick = (i: number) => fleet.bases[i % fleet.bases.length]!;

  beforeAll(async () => {
    fleet = await fleetCase.start();
  }, 120_000);
  afterAll(async () => {
    await fleet?.close();
  });

  const tenant = (overrides: string[] = []): Tenant => {
    const created = fleet.cli<{ account: { id: string } }>([
      'account',
      'create',
      '--name',
      'Fleet',
      '--plan',
      'enterprise',
      '--rate-per-minute',
      '100000',
      ...overrides,
    ]);
    const scopes = 'codes:read,codes:write,analytics:read';
    const { token } = fleet.cli<{ token: string }>(['token', 'create', '--account', created.account.id, '--scopes', scopes]);
    return { accountId: created.account.id, token };
  };

  const createCode = async (t: Tenant, url: string) => {
    const { status, body } = await api<{ data: { id: string; shortCode: string } }>(pick(0), t.token, 'POST', '/codes', {
      name: 'Box',
      url,
    });
    expect(status).toBe(201);
    return body.data;
  };

  it('admits exactly the monthly allowance of 10 out of 100 concurrent requests spread over every instance', async () => {
    const t = tenant(['--monthly-allowance', '10']);
    const statuses = await bounded(100, 100, async (i) => (await api(pick(i), t.token, 'GET', '/codes?limit=1')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(90);
  });

  it('admits exactly the rate of 10 a minute out of 100 concurrent requests spread over every instance', async () => {
    const limited = fleet.cli<{ account: { id: string } }>([
      'account',
      'create',
      '--name',
      'Rate',
      '--plan',
      'enterprise',
      '--rate-per-minute',
      '10',
    ]);
    const rateToken = fleet.cli<{ token: string }>([
      'token',
      'create',
      '--account',
      limited.account.id,
      '--scopes',
      'codes:read',
    ]).token;
    // A fixed one-minute window: start well inside one, so all 100 fall in the same window.
    await until(
      async () => new Date().getUTCSeconds(),
      (s) => s < 45,
      20_000,
    );
    const statuses = await bounded(100, 100, async (i) => (await api(pick(i), rateToken, 'GET', '/codes?limit=1')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
  });

  it('makes a repoint on one instance effective on every other within one second', async () => {
    const t = tenant();
    const code = await createCode(t, 'https://example.com/before');
    // Every other instance resolves (and caches, for a minute) the old destination first.
    for (const base of fleet.bases)
      expect(await scan(base, code.shortCode)).toMatchObject({ location: 'https://example.com/before' });
    const changed = await api(pick(0), t.token, 'PATCH', `/codes/${code.id}`, { url: 'https://example.com/after' });
    expect(changed.status).toBe(200);
    const since = performance.now();
    const seen = await Promise.all(
      fleet.bases.slice(1).map(async (base) => {
        const last = await until(
          () => scan(base, code.shortCode),
          (r) => r !== 'failed' && r.location === 'https://example.com/after',
          1_000,
        );
        return { ok: last !== 'failed' && last.location === 'https://example.com/after', ms: performance.now() - since };
      }),
    );
    for (const s of seen) expect(s.ok).toBe(true);
  });

  it("takes write scopes from a demoted person's token on every instance within one second", async () => {
    const t = tenant();
    const owner = fleet.cli<{ token: string }>(['token', 'create', '--account', t.accountId, '--scopes', 'team:write']).token;
    const editor = fleet.cli<{ user: { id: string } }>([
      'user',
      'create',
      '--account',
      t.accountId,
      '--email',
      `editor-${t.accountId}@example.com`,
      '--role',
      'editor',
    ]).user;
    const { token } = fleet.cli<{ token: string }>([
      'token',
      'create',
      '--account',
      t.accountId,
      '--user',
      editor.id,
      '--scopes',
      'codes:read,codes:write',
    ]);
    const write = (base: string) => api(base, token, 'POST', '/codes', { name: 'Box', url: 'https://example.com/box' });
    // Every instance reads the token and keeps it for a second (ADR 0163) before the demotion.
    for (const base of fleet.bases) expect((await write(base)).status).toBe(201);
    const demoted = await api(pick(0), owner, 'PATCH', `/users/${editor.id}`, { role: 'member' });
    expect(demoted.status).toBe(200);
    const seen = await Promise.all(
      fleet.bases.map((base) =>
        until(
          async () => (await write(base)).status,
          (status) => status === 403,
          1_000,
        ),
      ),
    );
    expect(seen).toEqual(fleet.bases.map(() => 403));
  });

  it('stores every scan spread over the instances exactly once, and answers the same analytics on each', async () => {
    const t = tenant();
    const code = await createCode(t, 'https://example.com/spread');
    const N = 300;
    const answers = await bounded(N, 24, (i) => scan(pick(i), code.shortCode));
    expect(answers.filter((a) => a !== 'failed' && a.status === 302)).toHaveLength(N);
    const ids = await until(
      () => eventIds(pick(1), t.token, code.id),
      (found) => found.length >= N,
      SETTLE_MS,
    );
    expect(ids).toHaveLength(N);
    expect(repeats(ids)).toEqual({});
    const analytics = await Promise.all(
      fleet.bases.map(async (base) => (await api(base, t.token, 'GET', `/analytics/codes/${code.id}?days=2`)).body),
    );
    expect(JSON.stringify(analytics[0])).toContain(`"scans":${N}`);
    for (const other of analytics.slice(1)) expect(other).toEqual(analytics[0]);
  });

  it('delivers each event to a webhook receiver once per successful delivery while every instance runs the delivery job', async () => {
    const t = tenant();
    const receiver = await startReceiver(40);
    try {
      const hook = await api<{ data: { id: string } }>(pick(0), t.token, 'POST', '/hooks', { url: receiver.url });
      expect(hook.status).toBe(201);
      const code = await createCode(t, 'https://example.com/hooked');
      const M = 120;
      const answers = await bounded(M, 24, (i) => scan(pick(i), code.shortCode));
      expect(answers.filter((a) => a !== 'failed' && a.status === 302)).toHaveLength(M);
      await until(
        async () => receiver.ids.length,
        (n) => n >= M,
        SETTLE_MS,
      );
      const events = await eventIds(pick(2), t.token, code.id);
      // Each delivery is answered 200 at once, so one success per event: no id twice, none missing.
      expect(repeats(receiver.ids)).toEqual({});
      expect(new Set(receiver.ids)).toEqual(new Set(events));
      expect(receiver.ids).toHaveLength(M);
    } finally {
      await receiver.close();
    }
  });

  it('loses no answered scan when one instance is killed mid-load', async () => {
    const t = tenant();
    const code = await createCode(t, 'https://example.com/killed');
    const victim = fleet.bases.length - 1;
    const N = 400;
    let answeredBeforeKill = 0;
    let killing: Promise<void> | null = null;
    const answers = await bounded(N, 16, async (i) => {
      const answer = await scan(pick(i), code.shortCode);
      if (answer !== 'failed' && answer.status === 302) answeredBeforeKill += 1;
      if (answeredBeforeKill === N / 4 && !killing) killing = fleet.kill(victim);
      return answer;
    });
    await killing;
    const answered = answers.filter((a) => a !== 'failed' && a.status === 302).length;
    const failed = answers.filter((a) => a === 'failed').length;
    expect(failed).toBeGreaterThan(0);
    // The replacement replays what the killed instance had journaled but not committed.
    await fleet.restart(victim);
    const ids = await until(
      () => eventIds(pick(0), t.token, code.id),
      (found) => found.length >= answered,
      SETTLE_MS,
    );
    expect(repeats(ids)).toEqual({});
    expect(ids.length).toBeGreaterThanOrEqual(answered);
    expect(ids.length).toBeLessThanOrEqual(N);
  });

  it('runs each periodic job on one instance at a time, and no instance logs an error', async () => {
    // deliver-mail runs every 30 s: by now every instance has tried to take its lease.
    const leases = await until(
      () => fleet.store<{ name: string; holder: string }>('select name, holder from job_leases'),
      (rows) => rows.some((r) => r.name === 'deliver-mail'),
      60_000,
    );
    expect(leases.map((r) => r.name)).toContain('deliver-mail');
    const lines = fleet
      .logs()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.filter((l) => l.level >= 50 || l.msg.startsWith('job failed'))).toEqual([]);
  });
});
