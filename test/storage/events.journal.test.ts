import { appendFileSync, copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { createHarness, type Harness } from '../support/harness.js';
import { actorIn } from '../support/actors.js';
import { hit } from '../support/hits.js';
import { storeRecorder } from '../support/recorder.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('the event journal ($name)', (store) => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await createHarness(store);
    dir = mkdtempSync(join(tmpdir(), 'qrelay-journal-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  /** A recorder as a serving process has one; its timer never fires during the test. */
  const recorder = () => storeRecorder(h, { flushIntervalMs: 1_000_000_000 });

  const stored = async (accountId: string) =>
    (await h.services.traffic.analytics.list(actorIn(accountId), { limit: 100 })).events.map((e) => e.id).sort();

  it('replays the hits of a process killed before its batch committed, exactly once', async () => {
    const { account } = await h.factory.tenant();
    const codeId = newId();
    const crashed = recorder();
    expect(await crashed.start({ journalDir: dir })).toBe(0);
    for (let i = 0; i < 3; i += 1) crashed.record(hit(h, { accountId: account.id, targetId: codeId }));
    expect(crashed.buffered).toBe(3);
    // The hits are journaled by the time their requests may be answered.
    await new Promise<void>((answer) => crashed.whenDurable(answer));
    // The process dies here: nothing was committed; a write was cut short mid-line.
    const segment = readdirSync(dir).find((f) => f.endsWith('.log'))!;
    appendFileSync(join(dir, segment), '["0190');
    const saved = join(dir, 'copy.bak');
    copyFileSync(join(dir, segment), saved);
    expect(await stored(account.id)).toEqual([]);

    const restarted = recorder();
    expect(await restarted.start({ journalDir: dir })).toBe(3);
    const ids = await stored(account.id);
    expect(ids).toHaveLength(3);
    expect((await h.services.traffic.events.totals([codeId])).get(codeId)).toBe(3);
    expect(readdirSync(dir).filter((f) => f.endsWith('.log') && f !== segment)).toHaveLength(1);
    await restarted.close();
    expect(readdirSync(dir).filter((f) => f.endsWith('.log'))).toEqual([]);

    // Killed after the commit but before the segment was deleted: the replay inserts nothing twice.
    copyFileSync(saved, join(dir, segment));
    rmSync(saved);
    const again = recorder();
    expect(await again.start({ journalDir: dir })).toBe(3);
    await again.close();
    expect(await stored(account.id)).toEqual(ids);
    expect((await h.services.traffic.events.totals([codeId])).get(codeId)).toBe(3);
    const analytics = await h.services.traffic.analytics.codeAnalytics(actorIn(account.id), { codeId, days: 1 });
    expect(analytics.totals).toEqual({ scans: 3, uniqueVisitors: 1, excluded: 0 });
  });

  it('answers a recorded request only once its hit is journaled, one write for a turn of hits', async () => {
    const { account } = await h.factory.tenant();
    const own = mkdtempSync(join(tmpdir(), 'qrelay-journal-'));
    const r = recorder();
    await r.start({ journalDir: own });
    const { readFileSync } = await import('node:fs');
    const journaled = () =>
      readFileSync(
        join(
          own,
          readdirSync(own).find((f) => f.endsWith('.log'))!,
        ),
        'utf8',
      );
    const answered: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      r.record(hit(h, { accountId: account.id, targetId: newId() }));
      r.whenDurable(() => answered.push(journaled().trim().split('\n').length));
    }
    expect(answered).toEqual([]);
    expect(journaled()).toBe('');
    await new Promise<void>((answer) => r.whenDurable(answer));
    expect(answered).toEqual([3, 3, 3]);
    // With nothing waiting to be written, an answer goes at once.
    let now = false;
    r.whenDurable(() => (now = true));
    expect(now).toBe(true);
    await r.close();
    rmSync(own, { recursive: true, force: true });
  });

  it('keeps no address in the journal, and refuses a folder another live process holds', async () => {
    const { account } = await h.factory.tenant();
    const own = mkdtempSync(join(tmpdir(), 'qrelay-journal-'));
    const r = recorder();
    await r.start({ journalDir: own });
    r.record(hit(h, { accountId: account.id, targetId: newId(), clientAddress: '203.0.113.250' }));
    await new Promise<void>((answer) => r.whenDurable(answer));
    const { readFileSync, writeFileSync } = await import('node:fs');
    const segment = readdirSync(own).find((f) => f.endsWith('.log'))!;
    const line = readFileSync(join(own, segment), 'utf8');
    expect(line).toContain(account.id);
    expect(line).not.toContain('203.0.113.250');
    await r.close();
    writeFileSync(join(own, 'journal.lock'), '1');
    await expect(recorder().start({ journalDir: own })).rejects.toThrow(/in use by process 1/);
    rmSync(own, { recursive: true, force: true });
  });
});
