import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Transactor } from '../../db/transaction.js';
import type { EventSink } from './events.sink.js';
import type { BatchListener, CommittedEvent, ExcludedCount, RecordedEvent } from './events.types.js';

/** The little the recorder and its writer log; never an address (nothing they log carries one). */
export interface RecorderLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLog: RecorderLog = { warn: () => undefined, error: () => undefined };

export interface WriterDeps {
  transactor: Transactor;
  batches: EventSink;
  /** Runs before each batch (the day's salts stored or adopted before events hashed with them land). */
  beforeBatch?: () => Promise<void>;
  /**
   * Whether another query waits for the store's connection (SQLite's one connection). With it, a
   * batch's chunks share one transaction until somebody waits; without it, each chunk commits on its own.
   */
  othersWaiting?: () => boolean;
}

export interface WriterOptions {
  /** How long a hit waits for companions before its batch commits, when the writer is idle. */
  flushIntervalMs?: number;
  /** The longest window under load (the batch window grows with the time commits take). */
  maxWindowMs?: number;
  /** Longest wait between retries of a failed batch. */
  maxRetryMs?: number;
  /**
   * Events written at a time: the store's other queries (an API request's) wait for at most one chunk,
   * never for a whole batch.
   */
  chunk?: number;
  /** Events that start a batch at once, whatever the window: under a flood batches stay this size. */
  maxBatch?: number;
  log?: RecorderLog;
}

/** Told, after each batch, how many of the events added are committed in all (they may leave the journal). */
export type CommittedListener = (through: number) => void;

/** The window is at least this many times the last commit's duration (up to `maxWindowMs`). */
const WINDOW_FACTOR = 4;

/**
 * The events' batch writer, on the serving thread: buffers the recorder's events, commits them in
 * batches whose window follows the load, each chunk of a batch in one transaction with its rollups,
 * totals, excluded counts and the batch listeners' rows, and retries a failed batch with back-off.
 */
export class BatchWriter {
  private buffer: RecordedEvent[] = [];
  private excluded = new Map<string, ExcludedCount>();
  private readonly listeners: BatchListener[] = [];
  private readonly committedListeners: CommittedListener[] = [];
  /** Events added, in all. */
  private received = 0;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private failures = 0;
  private closed = false;
  private readonly flushIntervalMs: number;
  private readonly maxWindowMs: number;
  private readonly maxRetryMs: number;
  private readonly chunk: number;
  private readonly maxBatch: number;
  private readonly log: RecorderLog;
  /** A batch of `maxBatch` events is due: it commits as soon as the one being committed is done. */
  private full = false;
  /** How long the last batch took to commit. */
  private lastCommitMs = 0;
  /** When the oldest hit waiting for a batch arrived (`performance.now()`), if any waits. */
  private since: number | null = null;

  constructor(
    private readonly deps: WriterDeps,
    options: WriterOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? 100;
    this.maxWindowMs = Math.max(this.flushIntervalMs, options.maxWindowMs ?? 2_000);
    this.maxRetryMs = options.maxRetryMs ?? 5_000;
    this.chunk = options.chunk ?? 2_000;
    this.maxBatch = Math.max(1, options.maxBatch ?? 20_000);
    this.log = options.log ?? silentLog;
  }

  /** Adds work to every transaction, after its events are inserted (webhook outbox, alerts). */
  onBatch(listener: BatchListener): void {
    this.listeners.push(listener);
  }

  onCommitted(listener: CommittedListener): void {
    this.committedListeners.push(listener);
  }

  /** Takes an event (in the order recorded) for the next batch. */
  add(event: RecordedEvent): void {
    this.buffer.push(event);
    this.received += 1;
    this.since ??= performance.now();
    if (this.buffer.length >= this.maxBatch && this.failures === 0) this.commitFull();
    else this.schedule();
  }

  /** Counts an excluded (automated or HEAD) hit for the next batch. */
  exclude(count: ExcludedCount): void {
    this.countExcluded(count);
    this.since ??= performance.now();
    this.schedule();
  }

  /** Events waiting for their batch. */
  get buffered(): number {
    return this.buffer.length;
  }

  /** Commits everything received so far; rejects if the store refuses (the events stay buffered). */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.commit());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Commits what is buffered, then stops arming its timer. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  /**
   * The batch window: the idle interval, stretched to a few times what the last commit took, so under
   * load batches grow (each rollup key and page is then written once for more events) and the writer
   * keeps to a bounded share of the time.
   */
  private window(): number {
    return Math.min(this.maxWindowMs, Math.max(this.flushIntervalMs, WINDOW_FACTOR * this.lastCommitMs));
  }

  private countExcluded(c: ExcludedCount): void {
    const key = `${c.accountId}|${c.targetId}|${c.day}`;
    const row = this.excluded.get(key);
    if (row) row.count += c.count;
    else this.excluded.set(key, { ...c });
  }

  /**
   * Arms the timer. A batch commits once its oldest hit has waited the window; as the window follows
   * the load and may grow while the timer runs, the timer re-arms for the rest of the window when it
   * fires early. A retry after a failure waits `retryMs`.
   */
  private schedule(retryMs?: number): void {
    if (this.timer || this.closed || this.full) return;
    const rest = retryMs ?? (this.since ?? performance.now()) + this.window() - performance.now();
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (retryMs === undefined && this.since !== null && this.since + this.window() - performance.now() > 1) {
          return this.schedule();
        }
        this.commitNow();
      },
      Math.max(0, rest),
    );
    this.timer.unref();
  }

  /**
   * A full batch waits for no window: it commits right after the batch being committed (if any), so
   * under a flood the backlog stays near one batch and one commit's worth of hits instead of a whole
   * window's. Not while a failed batch waits for its retry: that keeps its back-off.
   */
  private commitFull(): void {
    if (this.full || this.closed) return;
    this.full = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.commitNow();
  }

  private commitNow(): void {
    this.flush().then(
      () => {
        this.failures = 0;
      },
      (error: unknown) => {
        this.failures += 1;
        const retryMs = Math.min(this.maxRetryMs, 50 * 2 ** Math.min(this.failures, 10));
        this.log.error({ err: error, buffered: this.buffer.length, retryMs }, 'committing events failed; will retry');
        this.schedule(retryMs);
      },
    );
  }

  private async commit(): Promise<void> {
    const events = this.buffer;
    const excluded = [...this.excluded.values()];
    if (events.length === 0 && excluded.length === 0) return;
    const through = this.received;
    this.buffer = [];
    this.excluded = new Map();
    this.since = null;
    this.full = false;
    const started = performance.now();
    let from = 0;
    try {
      await this.deps.beforeBatch?.();
      await this.deps.batches.prepare(events, excluded);
      const { batches } = this.deps;
      // Each transaction commits the next events in the order recorded, so a failure leaves a prefix
      // committed, and journal marks stay a position per journal.
      do {
        from = await this.deps.transactor.run(async (trx) => {
          const inserted: CommittedEvent[] = [];
          let at = from;
          for (;;) {
            inserted.push(...(await batches.insertEvents(trx, events.slice(at, at + this.chunk))));
            at += this.chunk;
            if (at >= events.length) break;
            // Requests read meanwhile are served between two chunks (a SQLite chunk holds the thread);
            // the transaction goes on while none of them waits for the store. Every commit rewrites
            // the pages its rows touched, and each rollup row is written once per transaction, so
            // fewer commits write fewer bytes per event.
            await nextTurn();
            if (!this.deps.othersWaiting || this.deps.othersWaiting()) break;
          }
          await batches.rollUp(trx, inserted);
          if (from === 0) await batches.addExcluded(trx, excluded);
          for (const listener of this.listeners) await listener(trx, inserted);
          return at;
        });
      } while (from < events.length);
    } catch (error) {
      // What committed stays committed; a journaled event is also safe from a commit that failed to say so.
      this.buffer = events.slice(from).concat(this.buffer);
      if (from === 0) for (const c of excluded) this.countExcluded(c);
      throw error;
    }
    this.lastCommitMs = performance.now() - started;
    for (const listener of this.committedListeners) listener(through);
  }
}
