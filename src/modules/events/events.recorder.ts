import type { Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { newIdAt } from '../../lib/ids.js';
import type { EventBatchRepository } from './events.batch.repository.js';
import { isCounted, parseAgent } from './events.classifier.js';
import type { GeoLocator } from './events.geo.js';
import { EventJournal } from './events.journal.js';
import type { VisitorSalts } from './events.salts.js';
import {
  dayOf,
  isEventType,
  type BatchListener,
  type EventType,
  type ExcludedCount,
  type Hit,
  type HitRecorder,
  type RecordedEvent,
} from './events.types.js';

/** The little the recorder logs; never an address (nothing it logs carries one). */
export interface RecorderLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RecorderDeps {
  transactor: Transactor;
  clock: Clock;
  geo: GeoLocator;
  salts: VisitorSalts;
  batches: EventBatchRepository;
}

export interface RecorderOptions {
  /** How long a hit waits for companions before its batch commits, when the writer is idle. */
  flushIntervalMs?: number;
  /** The longest window under load (the batch window grows with the time commits take). */
  maxWindowMs?: number;
  /** Hits held in memory at most (and in the journal); past it new hits are dropped and counted. */
  maxBuffered?: number;
  /** Longest wait between retries of a failed batch. */
  maxRetryMs?: number;
  log?: RecorderLog;
}

/** The window is at least this many times the last commit's duration (up to `maxWindowMs`). */
const WINDOW_FACTOR = 4;

const silent: RecorderLog = { warn: () => undefined, error: () => undefined };

function typeOf(kind: Hit['kind']): EventType | null {
  if (kind === 'code') return 'scan';
  if (kind === 'link') return 'link_click';
  return isEventType(kind) ? kind : null;
}

/**
 * Records hits without ever blocking or failing the caller (docs/adr/0030-events-pipeline.md):
 * classify, locate and hash the visitor synchronously, append to the journal, buffer; a writer
 * commits the buffer in batches, each in one transaction with its rollups, totals, excluded counts
 * and the batch listeners' rows.
 */
export class EventRecorder implements HitRecorder {
  private buffer: RecordedEvent[] = [];
  private excluded = new Map<string, ExcludedCount>();
  private readonly listeners: BatchListener[] = [];
  private journal: EventJournal | null = null;
  private log: RecorderLog = silent;
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private failures = 0;
  /** A journal write is scheduled for this turn, and these answers wait for it. */
  private writing = false;
  private waiting: (() => void)[] = [];
  private closed = false;
  private readonly flushIntervalMs: number;
  private readonly maxWindowMs: number;
  /** How long the last batch took to commit. */
  private lastCommitMs = 0;
  /** When the oldest hit waiting for a batch was recorded (`performance.now()`), if any waits. */
  private since: number | null = null;
  private readonly maxBuffered: number;
  private readonly maxRetryMs: number;
  /** Hits dropped because the buffer was full (the store unreachable for long). */
  dropped = 0;

  constructor(
    private readonly deps: RecorderDeps,
    options: RecorderOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? 100;
    this.maxWindowMs = Math.max(this.flushIntervalMs, options.maxWindowMs ?? 2_000);
    this.maxBuffered = options.maxBuffered ?? 100_000;
    this.maxRetryMs = options.maxRetryMs ?? 5_000;
    this.log = options.log ?? silent;
  }

  /** Adds work to every batch's transaction, after its events are inserted (webhook outbox, alerts). */
  onBatch(listener: BatchListener): void {
    this.listeners.push(listener);
  }

  /**
   * For the serving process: opens the journal (replaying what a previous run left), loads the day's
   * salt and commits the replayed events. Returns how many events were replayed.
   */
  async start(options: { journalDir: string | null; log?: RecorderLog }): Promise<number> {
    if (options.log) this.log = options.log;
    this.deps.geo.load?.();
    let replayed: RecordedEvent[] = [];
    if (options.journalDir) {
      this.journal = new EventJournal(options.journalDir);
      replayed = this.journal.open();
      this.buffer = replayed.concat(this.buffer);
    }
    await this.deps.salts.sync();
    await this.flush();
    return replayed.length;
  }

  record(hit: Hit): void {
    try {
      if (this.closed) return;
      const type = typeOf(hit.kind);
      if (type === null) return;
      if (!isCounted(hit.method, hit.userAgent)) {
        this.countExcluded(hit.accountId, hit.targetId, dayOf(hit.at));
        this.since ??= performance.now();
        return this.schedule();
      }
      if (this.buffer.length >= this.maxBuffered) {
        this.dropped += 1;
        if (this.dropped === 1 || this.dropped % 10_000 === 0) {
          this.log.warn({ dropped: this.dropped, buffered: this.buffer.length }, 'event buffer full: dropping hits');
        }
        return;
      }
      const event = this.toEvent(hit, type);
      if (this.journal) {
        this.journal.append(event);
        if (!this.writing) {
          this.writing = true;
          setImmediate(this.writeJournal);
        }
      }
      this.buffer.push(event);
      this.since ??= performance.now();
      this.schedule();
    } catch (error) {
      // Never into the redirect, and never an address into the log: only what kind of failure.
      this.log.error({ name: (error as Error)?.name }, 'recording a hit failed');
    }
  }

  whenDurable(answer: () => void): void {
    if (this.writing) this.waiting.push(answer);
    else answer();
  }

  /**
   * Group write of the journal: the hits recorded during one turn of the event loop are written with
   * one system call, then their requests are answered. A failed write is logged and the requests are
   * answered all the same (the events are still buffered for their batch).
   */
  private readonly writeJournal = (): void => {
    this.writing = false;
    try {
      this.journal?.write();
    } catch (error) {
      this.log.error({ code: (error as NodeJS.ErrnoException).code }, 'event journal write failed; events kept in memory');
    }
    const waiting = this.waiting;
    this.waiting = [];
    for (const answer of waiting) {
      try {
        answer();
      } catch (error) {
        this.log.error({ name: (error as Error)?.name }, 'answering a recorded request failed');
      }
    }
  };

  /** Commits everything recorded so far; rejects if the store refuses (the events stay buffered). */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.commit());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Commits what is buffered, then stops; anything that cannot be committed stays in the journal. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      await this.flush();
    } catch (error) {
      this.log.error({ err: error, left: this.buffer.length }, 'events not committed at close; the journal keeps them');
    }
    this.journal?.close();
    this.journal = null;
  }

  /** Hits waiting for their batch. */
  get buffered(): number {
    return this.buffer.length;
  }

  private toEvent(hit: Hit, type: EventType): RecordedEvent {
    const day = dayOf(hit.at);
    const agent = parseAgent(hit.userAgent);
    return {
      id: newIdAt(hit.at),
      accountId: hit.accountId,
      type,
      targetId: hit.targetId,
      codeId: type === 'scan' ? hit.targetId : null,
      linkId: type === 'link_click' ? hit.targetId : null,
      occurredAt: hit.at,
      placement: hit.placement,
      ...this.deps.geo.locate(hit.clientAddress, hit.headers),
      ...agent,
      visitor: this.deps.salts.hash(day, hit.accountId, hit.clientAddress ?? '', hit.userAgent ?? ''),
    };
  }

  /**
   * The batch window: the idle interval, stretched to a few times what the last commit took, so under
   * load batches grow (each rollup key and page is then written once for more events) and the writer
   * keeps to a bounded share of the time.
   */
  private window(): number {
    return Math.min(this.maxWindowMs, Math.max(this.flushIntervalMs, WINDOW_FACTOR * this.lastCommitMs));
  }

  private countExcluded(accountId: string, targetId: string, day: number, count = 1): void {
    const key = `${accountId}|${targetId}|${day}`;
    const row = this.excluded.get(key);
    if (row) row.count += count;
    else this.excluded.set(key, { accountId, targetId, day, count });
  }

  /**
   * Arms the writer's timer. A batch commits once its oldest hit has waited the window; as the window
   * follows the load and may grow while the timer runs (a commit finishing meanwhile), the timer
   * re-arms for the rest of the window when it fires early. A retry after a failure waits `retryMs`.
   */
  private schedule(retryMs?: number): void {
    if (this.timer || this.closed) return;
    const rest = retryMs ?? (this.since ?? performance.now()) + this.window() - performance.now();
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (retryMs === undefined && this.since !== null && this.since + this.window() - performance.now() > 1) {
          return this.schedule();
        }
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
      },
      Math.max(0, rest),
    );
    this.timer.unref();
  }

  private async commit(): Promise<void> {
    const events = this.buffer;
    const excluded = [...this.excluded.values()];
    if (events.length === 0 && excluded.length === 0) return;
    this.buffer = [];
    this.excluded = new Map();
    this.since = null;
    const closedSegment = this.journal?.rotate();
    const started = performance.now();
    try {
      await this.deps.salts.sync();
      await this.deps.transactor.run(async (trx) => {
        const inserted = await this.deps.batches.insertEvents(trx, events);
        await this.deps.batches.rollUp(trx, inserted);
        await this.deps.batches.addExcluded(trx, excluded);
        for (const listener of this.listeners) await listener(trx, inserted);
      });
    } catch (error) {
      this.buffer = events.concat(this.buffer);
      for (const c of excluded) this.countExcluded(c.accountId, c.targetId, c.day, c.count);
      throw error;
    }
    this.lastCommitMs = performance.now() - started;
    if (closedSegment !== undefined) this.journal?.release(closedSegment);
  }
}
