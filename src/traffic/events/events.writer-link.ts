import { ExcludedTally } from './events.excluded.js';
import { decodeEvent } from './events.journal.js';
import type { ExcludedCount, RecordedEvent } from './events.types.js';
import { silentLog, type BatchWriter, type RecorderLog } from './events.writer.js';

/**
 * How the recorder on the serving thread hands its events to the batch writer: on the same
 * thread (`InlineWriterLink`), or as messages to a writer elsewhere (`MessageWriterLink`: a thread of
 * its own, or a cluster's primary), once per turn of the event loop and never waiting for it.
 */
export interface WriterLink {
  /** Whether `push` needs each event's journal line (a message link sends lines, not objects). */
  readonly wantsLines: boolean;
  push(event: RecordedEvent, line: string | null): void;
  /** Counts an excluded hit; the link sends the counts on its own schedule, or at the next flush. */
  exclude(count: ExcludedCount): void;
  /** The end of a turn of the event loop: what was pushed during it may leave. */
  endTurn(): void;
  /** Resolves once everything pushed so far is committed; rejects with the store's refusal. */
  flush(): Promise<void>;
  /** Told how many pushed events are committed in all, after each commit. */
  onCommitted(listener: (through: number) => void): void;
  close(): Promise<void>;
}

/** The writer on the serving thread (tests, and a store only this thread can open). */
export class InlineWriterLink implements WriterLink {
  readonly wantsLines = false;
  private static readonly SOURCE = 'inline';

  constructor(readonly writer: BatchWriter) {}

  push(event: RecordedEvent): void {
    this.writer.add(InlineWriterLink.SOURCE, [event]);
  }

  exclude(count: ExcludedCount): void {
    this.writer.add(InlineWriterLink.SOURCE, [], [count]);
  }

  endTurn(): void {}

  flush(): Promise<void> {
    return this.writer.flush();
  }

  onCommitted(listener: (through: number) => void): void {
    this.writer.onCommitted((source, through) => {
      if (source === InlineWriterLink.SOURCE) listener(through);
    });
  }

  close(): Promise<void> {
    return this.writer.close();
  }
}

/** The messages between a recorder and a writer elsewhere. */
export type ToWriter =
  { qrelay: 'writer'; t: 'hits'; lines: string; excluded: ExcludedCount[] } | { qrelay: 'writer'; t: 'flush'; id: number };
export type FromWriter =
  | { qrelay: 'writer'; t: 'committed'; through: number }
  | { qrelay: 'writer'; t: 'flushed'; id: number; error?: string }
  | { qrelay: 'writer'; t: 'log'; level: 'warn' | 'error'; obj: object; msg: string };

/** A channel both ways: a worker thread's port, or a cluster worker's IPC channel. */
export interface Port<Out, In> {
  post(message: Out): void;
  onMessage(listener: (message: In) => void): void;
}

const isWriterMessage = (m: unknown): boolean => (m as { qrelay?: string } | null)?.qrelay === 'writer';

/**
 * A message costs the sender tens of microseconds whatever it carries, so the lines of several turns
 * leave together, at most this long after the first of them.
 */
const SEND_AFTER_MS = 10;

/**
 * Excluded counts are tallies, not events: they leave at most this often (or with a flush), so a
 * flood of automated traffic costs a few map lookups per hit instead of an object per distinct
 * target and a structured clone of them all every `SEND_AFTER_MS`.
 */
const EXCLUDED_SEND_AFTER_MS = 1_000;

const NO_EXCLUDED: ExcludedCount[] = [];

/**
 * Sends the events as their journal lines (one string, cheap to pass between threads and processes),
 * gathered for up to `SEND_AFTER_MS`, and the excluded counts, gathered for up to
 * `EXCLUDED_SEND_AFTER_MS`; the writer answers with what it has committed.
 */
export class MessageWriterLink implements WriterLink {
  readonly wantsLines = true;
  private lines = '';
  private timer: NodeJS.Timeout | null = null;
  private excludedTimer: NodeJS.Timeout | null = null;
  private readonly excluded = new ExcludedTally();
  private nextId = 1;
  private readonly flushes = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private readonly committed: ((through: number) => void)[] = [];
  /** Why the writer is gone, once it is. */
  private gone: string | null = null;

  constructor(
    private readonly port: Port<ToWriter, unknown>,
    private readonly log: RecorderLog = silentLog,
  ) {
    port.onMessage((message) => {
      if (isWriterMessage(message)) this.receive(message as FromWriter);
    });
  }

  push(_event: RecordedEvent, line: string | null): void {
    this.lines += `${line}\n`;
  }

  exclude(count: ExcludedCount): void {
    this.excluded.add(count);
    this.excludedTimer ??= setTimeout(this.sendAll, EXCLUDED_SEND_AFTER_MS);
  }

  endTurn(): void {
    if (this.timer || this.lines === '') return;
    this.timer = setTimeout(this.sendLines, SEND_AFTER_MS);
  }

  private readonly sendLines = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.lines === '') return;
    this.port.post({ qrelay: 'writer', t: 'hits', lines: this.lines, excluded: NO_EXCLUDED });
    this.lines = '';
  };

  /** The lines and the excluded counts gathered so far, in one message. */
  private readonly sendAll = (): void => {
    if (this.excludedTimer) clearTimeout(this.excludedTimer);
    this.excludedTimer = null;
    if (this.excluded.empty) return this.sendLines();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.port.post({ qrelay: 'writer', t: 'hits', lines: this.lines, excluded: this.excluded.take() });
    this.lines = '';
  };

  flush(): Promise<void> {
    if (this.gone !== null) return Promise.reject(new Error(this.gone));
    this.sendAll();
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.flushes.set(id, { resolve, reject });
      this.port.post({ qrelay: 'writer', t: 'flush', id });
    });
  }

  onCommitted(listener: (through: number) => void): void {
    this.committed.push(listener);
  }

  close(): Promise<void> {
    return this.flush();
  }

  /** The writer went away: every flush still waiting fails (what is journaled is replayed later). */
  fail(reason: string): void {
    this.gone = reason;
    for (const { reject } of this.flushes.values()) reject(new Error(reason));
    this.flushes.clear();
  }

  private receive(message: FromWriter): void {
    if (message.t === 'committed') for (const listener of this.committed) listener(message.through);
    else if (message.t === 'log') this.log[message.level](message.obj, message.msg);
    else {
      const waiting = this.flushes.get(message.id);
      this.flushes.delete(message.id);
      if (message.error === undefined) waiting?.resolve();
      else waiting?.reject(new Error(message.error));
    }
  }
}

function parseLines(lines: string): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  let start = 0;
  for (let end = lines.indexOf('\n'); end !== -1; end = lines.indexOf('\n', start)) {
    events.push(decodeEvent(lines.slice(start, end)));
    start = end + 1;
  }
  return events;
}

/** The writer's side of a link: feeds one source's messages to `writer` and answers on `port`. */
export function serveWriter(writer: BatchWriter, port: Port<FromWriter, unknown>, source: string): void {
  writer.onCommitted((from, through) => {
    if (from === source) port.post({ qrelay: 'writer', t: 'committed', through });
  });
  port.onMessage((raw) => {
    if (!isWriterMessage(raw)) return;
    const message = raw as ToWriter;
    if (message.t === 'hits') {
      writer.add(source, parseLines(message.lines), message.excluded);
      return;
    }
    writer.flush().then(
      () => port.post({ qrelay: 'writer', t: 'flushed', id: message.id }),
      (error: unknown) => port.post({ qrelay: 'writer', t: 'flushed', id: message.id, error: String((error as Error)?.message) }),
    );
  });
}

/** A log that travels over a port to the recorder's own log. */
export const portLog = (port: Port<FromWriter, unknown>): RecorderLog => ({
  warn: (obj, msg) => port.post({ qrelay: 'writer', t: 'log', level: 'warn', obj: plain(obj), msg }),
  error: (obj, msg) => port.post({ qrelay: 'writer', t: 'log', level: 'error', obj: plain(obj), msg }),
});

/** An object a structured clone or JSON carries: errors as their name and message. */
function plain(obj: object): object {
  return Object.fromEntries(
    Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? { name: v.name, message: v.message } : v]),
  );
}
