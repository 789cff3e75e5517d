import { describe, expect, it, vi } from 'vitest';
import type { Transactor } from '../../db/transaction.js';
import { ManualClock } from '../../lib/clock.js';
import type { EventBatchRepository } from './store/events.batch.repository.js';
import { EventRecorder, type RecorderDeps, type RecorderOptions } from './events.recorder.js';
import type { VisitorSalts } from './store/events.salts.js';
import type { Hit } from './events.types.js';

const HIT: Hit = {
  kind: 'code',
  targetId: 't',
  accountId: 'a',
  at: 0,
  method: 'GET',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1',
  acceptLanguage: null,
  clientAddress: null,
  placement: null,
  headers: {},
};

/** The batch statements: here only their preparation runs, as each fake transactor decides the commit itself. */
const PREPARED = { prepare: async () => undefined } as unknown as EventBatchRepository;

/** A recorder's parts around `transactor`: nowhere located, every visitor hashed alike. */
const withStore = (transactor: Transactor): RecorderDeps => ({
  transactor,
  clock: new ManualClock(),
  geo: { locate: () => ({ country: null, region: null, city: null }) },
  salts: { sync: async () => undefined, hash: () => 'h' } as unknown as VisitorSalts,
  batches: PREPARED,
});

/** A store that is down: every commit fails. */
const DOWN: Transactor = {
  run: async () => {
    throw new Error('store unreachable');
  },
};

/** A recorder around `transactor` whose idle timer never fires: it commits when a test flushes it or a batch is full. */
const untimed = (transactor: Transactor, options: RecorderOptions = {}) =>
  new EventRecorder(withStore(transactor), { flushIntervalMs: 1_000_000_000, ...options });

describe('EventRecorder.record', () => {
  it('never throws into the caller and never logs the address when recording fails', async () => {
    const logged: string[] = [];
    const log = {
      warn: (obj: object, msg: string) => logged.push(JSON.stringify(obj) + msg),
      error: (obj: object, msg: string) => logged.push(JSON.stringify(obj) + msg),
    };
    const recorder = new EventRecorder(
      {
        transactor: {} as Transactor,
        clock: new ManualClock(),
        geo: {
          locate: (address) => {
            throw new Error(`cannot locate ${address}`);
          },
        },
        salts: {} as VisitorSalts,
        batches: PREPARED,
      },
      { flushIntervalMs: 1_000_000_000, log },
    );
    expect(() => recorder.record({ ...HIT, clientAddress: '192.0.2.44' })).not.toThrow();
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toContain('192.0.2.44');
    expect(recorder.buffered).toBe(0);
    await recorder.close();
  });

  it('keeps a failed batch for the next try and bounds the buffer, counting what it drops', async () => {
    const warnings: object[] = [];
    const recorder = untimed(DOWN, { maxBuffered: 3, log: { warn: (o) => warnings.push(o), error: () => undefined } });
    for (let i = 0; i < 5; i += 1) recorder.record(HIT);
    expect(recorder.buffered).toBe(3);
    expect(recorder.dropped).toBe(2);
    expect(warnings).toEqual([{ dropped: 1, buffered: 3 }]);
    await expect(recorder.flush()).rejects.toThrow('store unreachable');
    expect(recorder.buffered).toBe(3);
    await expect(recorder.flush()).rejects.toThrow('store unreachable');
    expect(recorder.buffered).toBe(3);
  });

  it('commits after the idle interval, and waits longer after a slow commit (the window follows the load)', async () => {
    // The recorder times its window with setTimeout and performance.now(): both run on fake timers here.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const durations = [40, 1_000, 40];
      const started: number[] = [];
      const slow = {
        run: async () => {
          started.push(performance.now());
          await new Promise((resolve) => setTimeout(resolve, durations[started.length - 1]));
        },
      } as unknown as Transactor;
      const recorder = new EventRecorder(withStore(slow), { flushIntervalMs: 5, maxWindowMs: 2_000 });
      /** Records a hit and returns how long its batch waited before committing; the commit is let finish. */
      const waited = async (window: number) => {
        const at = performance.now();
        const before = started.length;
        recorder.record(HIT);
        await vi.advanceTimersByTimeAsync(window - 1);
        expect(started, 'not committed before the window').toHaveLength(before);
        await vi.advanceTimersByTimeAsync(1);
        expect(started, 'committed once the window is over').toHaveLength(before + 1);
        await vi.advanceTimersByTimeAsync(durations[before]!);
        return started[before]! - at;
      };
      // Idle: the interval. After a 40 ms commit: four times that. After a 1 s commit: the longest window.
      expect(await waited(5)).toBe(5);
      expect(await waited(4 * 40)).toBe(160);
      expect(await waited(2_000)).toBe(2_000);
      await recorder.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('commits a full batch at once, without waiting for the window', async () => {
    const commits: number[] = [];
    const counting = { run: async () => void commits.push(1) } as unknown as Transactor;
    const recorder = untimed(counting, { maxBatch: 3 });
    recorder.record(HIT);
    recorder.record(HIT);
    await new Promise((resolve) => setImmediate(resolve));
    expect(commits).toHaveLength(0);
    recorder.record(HIT);
    await new Promise((resolve) => setImmediate(resolve));
    expect(commits).toHaveLength(1);
    expect(recorder.buffered).toBe(0);
    await recorder.close();
  });
});

describe('EventRecorder back-pressure', () => {
  /** Records a hit and asks for its answer, which pushes `n` to `answered` when it comes. */
  const visit = (recorder: EventRecorder, answered: number[], n: number) => {
    recorder.record(HIT);
    recorder.whenDurable(() => answered.push(n));
  };

  it('holds the answers of hits past holdAbove until a commit brings the backlog under it', async () => {
    let commit!: () => void;
    const gated = { run: () => new Promise<void>((resolve) => (commit = resolve)) } as unknown as Transactor;
    const recorder = untimed(gated, { maxBatch: 1_000, holdAbove: 2, maxBuffered: 10 });
    const answered: number[] = [];
    for (let n = 1; n <= 4; n += 1) visit(recorder, answered, n);
    expect(answered).toEqual([1, 2]);
    expect(recorder.heldAnswers).toBe(2);
    // A robot's answer is never held, however far behind the writer is.
    recorder.record({ ...HIT, userAgent: 'curl/8.0' });
    recorder.whenDurable(() => answered.push(0));
    expect(answered).toEqual([1, 2, 0]);
    const flushed = recorder.flush();
    await new Promise((resolve) => setImmediate(resolve));
    commit();
    await flushed;
    expect(answered).toEqual([1, 2, 0, 3, 4]);
    expect(recorder.buffered).toBe(0);
    expect(recorder.dropped).toBe(0);
  });

  it('answers a held request after maxHoldMs at the latest, and holds nothing for a stalled writer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const recorder = untimed(DOWN, { holdAbove: 1, maxBuffered: 10, maxHoldMs: 1_000 });
      const answered: number[] = [];
      visit(recorder, answered, 1);
      visit(recorder, answered, 2);
      expect(answered).toEqual([1]);
      await vi.advanceTimersByTimeAsync(999);
      expect(answered).toEqual([1]);
      await vi.advanceTimersByTimeAsync(1);
      expect(answered).toEqual([1, 2]);
      // Nothing committed for five seconds since the backlog rose: the writer is stalled, answers go at once.
      await vi.advanceTimersByTimeAsync(4_000);
      visit(recorder, answered, 3);
      expect(answered).toEqual([1, 2, 3]);
      expect(recorder.heldAnswers).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
