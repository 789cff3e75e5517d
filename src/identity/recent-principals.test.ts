import { describe, expect, it } from 'vitest';
import { IpcInvalidationBus, type InvalidationMessage } from '../platform/index.js';
import { RecentPrincipals } from './recent-principals.js';
import type { TokenWithOwners } from './store/tokens.repository.js';

const row = (role: string): TokenWithOwners => ({
  token: {
    id: 't1',
    accountId: 'a1',
    userId: 'u1',
    name: null,
    scopes: ['codes:read'],
    createdAt: 0,
    expiresAt: null,
    revokedAt: null,
    lastUsedAt: null,
  },
  tokenHash: 'h1',
  user: { id: 'u1', role, status: 'active' },
  account: { id: 'a1', name: 'A', plan: 'business', status: 'active', monthlyAllowance: null, ratePerMinute: null },
});

/** Two workers' buses joined as a cluster's primary joins them: what one sends, the other receives. */
function twoWorkers(): [IpcInvalidationBus, IpcInvalidationBus] {
  const inboxes: ((message: unknown) => void)[] = [];
  const bus = (me: number) =>
    new IpcInvalidationBus(
      (message: InvalidationMessage) => inboxes[1 - me]?.(structuredClone(message)),
      (listener) => (inboxes[me] = listener),
    );
  return [bus(0), bus(1)];
}

describe('RecentPrincipals', () => {
  it('reads a token once within the time limit, and again after it', async () => {
    const recent = new RecentPrincipals(null, 1_000);
    let reads = 0;
    const read = async () => (reads++, row('editor'));
    await recent.get('h1', 0, read);
    await recent.get('h1', 999, read);
    expect(reads).toBe(1);
    await recent.get('h1', 1_000, read);
    expect(reads).toBe(2);
  });

  it('keeps no unknown token, and no read that a forget overtook', async () => {
    const recent = new RecentPrincipals(null, 1_000);
    let reads = 0;
    expect(await recent.get('h1', 0, async () => (reads++, null))).toBeNull();
    let finish!: (value: TokenWithOwners) => void;
    const slow = recent.get('h1', 0, () => (reads++, new Promise<TokenWithOwners>((resolve) => (finish = resolve))));
    recent.forget();
    finish(row('editor'));
    expect((await slow)?.user.role).toBe('editor');
    expect((await recent.get('h1', 1, async () => (reads++, row('member'))))?.user.role).toBe('member');
    expect(reads).toBe(3);
  });

  it("forgets in every worker of a cluster when one of them forgets, and on a 'drop everything'", async () => {
    const [busA, busB] = twoWorkers();
    const here = new RecentPrincipals(busA, 60_000);
    const there = new RecentPrincipals(busB, 60_000);
    let reads = 0;
    const read = async () => (reads++, row('editor'));
    await here.get('h1', 0, read);
    await there.get('h1', 0, read);
    here.forget();
    await here.get('h1', 1, read);
    await there.get('h1', 1, read);
    expect(reads).toBe(4);
    busB.publish(null);
    await here.get('h1', 2, read);
    await there.get('h1', 2, read);
    expect(reads).toBe(6);
    // An ending's invalidation leaves tokens alone.
    busA.publish({ domain: '', shortCode: 'abc' });
    await here.get('h1', 3, read);
    await there.get('h1', 3, read);
    expect(reads).toBe(6);
  });
});
