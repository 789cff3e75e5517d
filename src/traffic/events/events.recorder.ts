import type { Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { EventSink } from './events.sink.js';
import { isCounted, parseAgent } from '../../platform/index.js';
import type { GeoLocator } from './events.geo.js';
import { AnswerHold } from './events.hold.js';
import { EventJournal } from './events.journal.js';
import type { VisitorSalts } from './store/events.salts.js';
import { BatchWriter, silentLog, type RecorderLog, type WriterOptions } from './events.writer.js';
import {
  dayOf,
  isEventType,
  type BatchListener,
  type EventType,
  type Hit,
  type HitRecorder,
  type RecordedEvent,
} from './events.types.js';

export type { RecorderLog };

export interface RecorderDeps {
  transactor: Transactor;
  clock: Clock;
  geo: GeoLocator;
  salts: VisitorSalts;
  batches: EventSink;
  /** The store's: whether another query waits for its connection (SQLite). */
  othersWaiting?: () => boolean;
}

export interface RecorderOptions extends WriterOptions {
  /** Hits held in memory at most (and in the journal); past it new hits are dropped and counted. */
  maxBuffered?: number;
  /**
   * Uncommitted hits past which the answer to a recorded request waits for the writer to catch up
   * (at most `maxHoldMs`), while the writer is committing: back-pressure before anything is dropped.
   * By default half of `maxBuffered`.
   */
  holdAbove?: number;
  /** The longest an answer is held for the writer. */
  maxHoldMs?: number;
}

/** How often the day's salts are checked (a new day's candidate stored or another instance's adopted). */
const SALT_SYNC_MS = 1_000;

function typeOf(kind: Hit['kind']): EventType | null {
  if (kind === 'code') return 'scan';
  if (kind === 'link') return 'link_click';
  return isEventType(kind) ? kind : null;
}

/**
 * Records hits without ever blocking or failing the caller:
 * classify, locate and hash the visitor synchronously, journal, and hand the event to the batch
 * writer on this thread. A journal segment is deleted once the writer reports every hit in it committed.
 */
export class EventRecorder implements HitRecorder {
  private readonly writer: BatchWriter;
  private journal: EventJournal | null = null;
  private log: RecorderLog;
  /** The end of this turn is scheduled: the journal write, the hand-over to the writer, the answers. */
  private turnPending = false;
  private waiting: (() => void)[] = [];
  private closed = false;
  private saltTimer: NodeJS.Timeout | null = null;
  private syncing = false;
  /** Counted hits handed to the writer, and how many of them it has committed, in all. */
  private recorded = 0;
  private committedThrough = 0;
  private readonly maxBuffered: number;
  private readonly holdAbove: number;
  /** The hit just recorded is to be answered only once the writer has caught up (see `whenDurable`). */
  private holdNext = false;
  /** Answers waiting for the writer to bring the backlog under `holdAbove`. */
  private readonly hold: AnswerHold;
  /** Hits dropped because the writer was that far behind (the store unreachable for long). */
  dropped = 0;

  constructor(
    private readonly deps: RecorderDeps,
    options: RecorderOptions = {},
  ) {
    this.maxBuffered = options.maxBuffered ?? 100_000;
    this.holdAbove = Math.min(this.maxBuffered, options.holdAbove ?? Math.floor(this.maxBuffered / 2));
    this.log = options.log ?? silentLog;
    this.hold = new AnswerHold(
      options.maxHoldMs ?? 1_000,
      (answer) => this.answerWhenWritten(answer),
      () => this.log,
    );
    this.writer = new BatchWriter(
      {
        transactor: deps.transactor,
        batches: deps.batches,
        othersWaiting: deps.othersWaiting,
        beforeBatch: () => deps.salts.sync(),
      },
      {
        maxBatch: Math.min(20_000, this.holdAbove),
        ...options,
        log: { warn: (o, m) => this.log.warn(o, m), error: (o, m) => this.log.error(o, m) },
      },
    );
    this.writer.onCommitted((through) => {
      this.committedThrough = through;
      this.journal?.committed(through, this.recorded);
      this.hold.committed(this.buffered <= this.holdAbove);
    });
  }

  /** Adds work to every batch's transaction (webhook outbox, alerts). */
  onBatch(listener: BatchListener): void {
    this.writer.onBatch(listener);
  }

  /**
   * For the serving process: opens the journal (replaying what a previous run left), loads the day's
   * salt and commits the replayed events. Returns how many events were replayed.
   */
  async start(options: { journalDir: string | null; log?: RecorderLog }): Promise<number> {
    if (options.log) this.log = options.log;
    let replayed: RecordedEvent[] = [];
    if (options.journalDir) {
      this.journal = new EventJournal(options.journalDir);
      replayed = this.journal.open();
      for (const event of replayed) this.hand(event);
      this.journal.replayed(this.recorded);
    }
    await this.deps.salts.sync();
    this.saltTimer = setInterval(() => this.syncSalts(), SALT_SYNC_MS);
    this.saltTimer.unref();
    await this.flush();
    return replayed.length;
  }

  /**
   * Commits what another journal folder holds (a cluster's primary, for a worker that is gone) and
   * empties it. Throws while a live process holds the folder.
   */
  async replayFolder(dir: string): Promise<number> {
    const journal = new EventJournal(dir);
    const events = journal.open();
    for (const event of events) this.hand(event);
    try {
      await this.flush();
      journal.replayed(0);
      journal.committed(0, 0);
    } finally {
      journal.close();
    }
    return events.length;
  }

  record(hit: Hit): void {
    this.holdNext = false;
    try {
      if (this.closed) return;
      const type = typeOf(hit.kind);
      if (type === null) return;
      if (!isCounted(hit.method, hit.userAgent)) {
        this.writer.exclude({ accountId: hit.accountId, targetId: hit.targetId, day: dayOf(hit.at), count: 1 });
        return;
      }
      if (this.recorded - this.committedThrough >= this.maxBuffered) {
        this.dropped += 1;
        if (this.dropped === 1 || this.dropped % 10_000 === 0) {
          this.log.warn({ dropped: this.dropped, buffered: this.buffered }, 'event buffer full: dropping hits');
        }
        return;
      }
      const event = this.toEvent(hit, type);
      if (this.journal) {
        this.journal.append(event);
        this.endTurnSoon();
      }
      this.hand(event);
      if (this.buffered > this.holdAbove) this.holdNext = this.hold.worthHolding();
    } catch (error) {
      // Never into the redirect, and never an address into the log: only what kind of failure.
      this.log.error({ name: (error as Error)?.name }, 'recording a hit failed');
    }
  }

  /**
   * Answers once the hits journaled so far are written: at the end of this turn if lines wait for
   * the journal's write, else at once (a request whose hit was not journaled, such as a robot's, in
   * a turn that journaled nothing). When the hit just recorded found the writer far behind, its
   * answer also waits for the writer to catch up, at most `maxHoldMs`: a flood then slows
   * to what the store takes instead of being answered and dropped.
   */
  whenDurable(answer: () => void): void {
    if (this.holdNext) {
      this.holdNext = false;
      this.hold.hold(answer);
    } else this.answerWhenWritten(answer);
  }

  private answerWhenWritten(answer: () => void): void {
    if (this.turnPending && this.journal?.hasPending) this.waiting.push(answer);
    else answer();
  }

  private hand(event: RecordedEvent): void {
    this.recorded += 1;
    this.writer.add(event);
  }

  private endTurnSoon(): void {
    if (this.turnPending) return;
    this.turnPending = true;
    setImmediate(this.endTurn);
  }

  /**
   * The end of a turn of the event loop: the hits recorded during it are written to the journal with
   * one system call and their requests answered. A failed journal write is logged and the requests
   * are answered all the same (the events are still with the writer).
   */
  private readonly endTurn = (): void => {
    this.turnPending = false;
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

  private syncSalts(): void {
    if (this.syncing) return;
    this.syncing = true;
    this.deps.salts
      .sync()
      .catch((error: unknown) => this.log.warn({ err: error }, 'syncing the visitor salts failed; will retry'))
      .finally(() => (this.syncing = false));
  }

  /** Commits everything recorded so far; rejects if the store refuses (the events stay with the writer). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Commits what is buffered, then stops; anything that cannot be committed stays in the journal. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.saltTimer) clearInterval(this.saltTimer);
    this.hold.releaseAll();
    this.journal?.write();
    try {
      await this.writer.close();
    } catch (error) {
      this.log.error({ err: error, left: this.buffered }, 'events not committed at close; the journal keeps them');
    }
    this.journal?.close();
    this.journal = null;
  }

  /** Answers that waited for the writer to catch up, in all. */
  get heldAnswers(): number {
    return this.hold.heldAnswers;
  }

  /** Hits waiting for their batch. */
  get buffered(): number {
    return this.recorded - this.committedThrough;
  }

  private toEvent(hit: Hit, type: EventType): RecordedEvent {
    const day = dayOf(hit.at);
    const agent = parseAgent(hit.userAgent);
    const where = this.deps.geo.locate(hit.clientAddress, hit.headers);
    // One object in the field order of the journal line, with no spread copies.
    return {
      accountId: hit.accountId,
      type,
      targetId: hit.targetId,
      codeId: type === 'scan' ? hit.targetId : null,
      linkId: type === 'link_click' ? hit.targetId : null,
      occurredAt: hit.at,
      placement: hit.placement,
      country: where.country,
      region: where.region,
      city: where.city,
      os: agent.os,
      device: agent.device,
      browser: agent.browser,
      visitor: this.deps.salts.hash(day, hit.accountId, hit.clientAddress ?? '', hit.userAgent ?? ''),
    };
  }
}
