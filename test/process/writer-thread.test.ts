import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import type { WriterLink } from '../../src/traffic/events/events.writer-link.js';
import { actorIn } from '../support/actors.js';
import { createHarness, type Harness } from '../support/harness.js';
import { hit } from '../support/hits.js';
import { storeRecorder } from '../support/recorder.js';
import { describeEach, STORES } from '../support/stores.js';

/** The writer thread runs the built code (dist/), as the server does. */
type WriterThread = { link: WriterLink; stop(): Promise<void> };
const { startWriterThread } = (await import(join('../../dist/process/writer-thread.js'))) as {
  startWriterThread(config: unknown, log: unknown): Promise<WriterThread>;
};

describeEach(STORES)('the batch writer on its own thread ($name)', (store) => {
  let h: Harness;
  let dir: string;
  const errors: string[] = [];
  const log = { warn: (_o: object, m: string) => errors.push(m), error: (_o: object, m: string) => errors.push(m) };
  beforeAll(async () => {
    h = await createHarness(store);
    dir = mkdtempSync(join(tmpdir(), 'qrelay-writer-thread-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await h.close();
  });

  /** The thread opens the harness's store (its PostgreSQL schema included). */
  const config = () => ({ ...h.config, databaseSchema: h.storeSchema });

  /** A writer thread on the harness's store, and a serving thread's recorder feeding it, started on `journal`. */
  const started = async (journal: string) => {
    const thread = await startWriterThread(config(), log);
    const recorder = storeRecorder(h, { link: thread.link });
    await recorder.start({ journalDir: journal });
    return { thread, recorder };
  };

  const segments = (journal: string) => readdirSync(journal).filter((f) => f.endsWith('.log'));

  it('commits what the serving thread records, with rollups, totals and excluded counts, and empties the journal', async () => {
    const { account } = await h.factory.tenant();
    const codeId = newId();
    const journal = join(dir, 'commits');
    const { thread, recorder } = await started(journal);
    for (let i = 0; i < 5; i += 1)
      recorder.record(hit(h, { accountId: account.id, targetId: codeId, clientAddress: `198.51.100.${i}` }));
    recorder.record(hit(h, { accountId: account.id, targetId: codeId, userAgent: 'Slackbot 1.0' }));
    await new Promise<void>((answer) => recorder.whenDurable(answer));
    // Answered: on disk in the journal, not yet in the store.
    expect(
      readFileSync(join(journal, segments(journal)[0]!), 'utf8')
        .trim()
        .split('\n'),
    ).toHaveLength(5);
    expect(recorder.buffered).toBe(5);

    await recorder.flush();
    expect(recorder.buffered).toBe(0);
    const analytics = await h.services.traffic.analytics.codeAnalytics(actorIn(account.id), { codeId, days: 1 });
    expect(analytics.totals).toEqual({ scans: 5, uniqueVisitors: 5, excluded: 1 });
    expect((await h.services.traffic.events.totals([codeId])).get(codeId)).toBe(5);
    // The segment holding the committed hits is gone; only the fresh one is left, empty.
    expect(segments(journal).map((f) => readFileSync(join(journal, f), 'utf8'))).toEqual(['']);

    await recorder.close();
    await thread.stop();
    expect(segments(journal)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('drains at close: what was recorded but not yet sent is committed before the thread stops', async () => {
    const { account } = await h.factory.tenant();
    const codeId = newId();
    const { thread, recorder } = await started(join(dir, 'drain'));
    for (let i = 0; i < 300; i += 1) recorder.record(hit(h, { accountId: account.id, targetId: codeId }));
    await recorder.close();
    await thread.stop();
    expect((await h.services.traffic.events.totals([codeId])).get(codeId)).toBe(300);
    expect(segments(join(dir, 'drain'))).toEqual([]);
  });

  it('leaves the journal to the next start when the writer is gone before committing', async () => {
    const { account } = await h.factory.tenant();
    const codeId = newId();
    const journal = join(dir, 'gone');
    const { thread, recorder } = await started(journal);
    // The thread stops before the hits reach it: their flush fails, the journal keeps them.
    await thread.stop();
    for (let i = 0; i < 3; i += 1) recorder.record(hit(h, { accountId: account.id, targetId: codeId }));
    await new Promise<void>((answer) => recorder.whenDurable(answer));
    await expect(recorder.flush()).rejects.toThrow(/writer thread stopped/);
    expect((await h.services.traffic.events.totals([codeId])).get(codeId) ?? 0).toBe(0);

    // The next start replays them.
    const next = await started(journal);
    expect((await h.services.traffic.events.totals([codeId])).get(codeId)).toBe(3);
    await next.recorder.close();
    await next.thread.stop();
  });
});
