import { randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { eventRow, type RecordedEvent } from './events.types.js';

/** A journal line is the event's fields in this order, as a JSON array: half the bytes of an object. */
const FIELDS = 'accountId type targetId codeId linkId occurredAt placement country region city os device browser visitor'.split(
  ' ',
) as (keyof RecordedEvent)[];

export function encodeEvent(e: RecordedEvent): string {
  // The row built field by field, not mapped over FIELDS: no walk over the keys and no closure per hit.
  const row = eventRow(e);
  row.push(e.visitor);
  return JSON.stringify(row);
}

/** The event of a journal line (earlier versions began each line with an id of their own). */
export function decodeEvent(line: string): RecordedEvent {
  const parsed = JSON.parse(line) as unknown;
  if (!Array.isArray(parsed) || (parsed.length !== FIELDS.length && parsed.length !== FIELDS.length + 1)) {
    throw new SyntaxError('not a journal line');
  }
  // One object literal of a fixed shape (an object built key by key is slow to make and to read).
  const f = (parsed.length > FIELDS.length ? parsed.slice(1) : parsed) as RecordedEvent[keyof RecordedEvent][];
  return {
    accountId: f[0],
    type: f[1],
    targetId: f[2],
    codeId: f[3],
    linkId: f[4],
    occurredAt: f[5],
    placement: f[6],
    country: f[7],
    region: f[8],
    city: f[9],
    os: f[10],
    device: f[11],
    browser: f[12],
    visitor: f[13],
  } as RecordedEvent;
}

/**
 * Lines a segment holds at most, in a position's arithmetic (a segment closes at every commit, and
 * the recorder drops hits long before this many wait).
 */
const LINES_PER_SEGMENT = 2 ** 24;

const SEGMENT = /^hits-(\d{12})\.log$/;
const name = (seq: number) => `hits-${String(seq).padStart(12, '0')}.log`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The write-ahead journal of counted hits. Each hit is one JSON line;
 * the lines of the hits recorded in one turn of the event loop go out in one synchronous write before
 * any of their requests is answered, so they are in the kernel's page cache and survive the process
 * being killed. Each time the writer reports a commit, the active segment is closed and every closed
 * segment whose hits are all committed is deleted; at start-up every segment
 * left behind is replayed. Each line has a position (its segment's number and its place in it) under
 * the journal's id; the store keeps the last position it committed per journal, so a replay skips
 * what is already in. Lines carry no address: only the visitor's daily keyed hash.
 */
export class EventJournal {
  private fd: number | null = null;
  private seq = 0;
  private written = 0;
  /** Lines appended to the active segment. */
  private lines = 0;
  /** A new id whenever the folder holds nothing to replay, so positions never repeat under one id. */
  id = '';
  private pending = '';
  /** Closed segments and the count of hits recorded by the time each was closed. */
  private closed: { seq: number; lastHit: number }[] = [];
  private readonly lock: string;

  constructor(private readonly dir: string) {
    this.lock = join(dir, 'journal.lock');
  }

  /**
   * Takes the folder (one process at a time), returns the events left by a previous run, opens a
   * segment. The segments read are deleted once `replayed` has told how many hits they amount to and
   * that many are committed.
   */
  open(): RecordedEvent[] {
    mkdirSync(this.dir, { recursive: true });
    this.takeLock();
    const segments = this.segments();
    const idFile = join(this.dir, 'journal.id');
    if (segments.length === 0 || !existsSync(idFile)) writeFileSync(idFile, randomUUID());
    this.id = readFileSync(idFile, 'utf8').trim();
    const events: RecordedEvent[] = [];
    for (const seq of segments) {
      const lines = readFileSync(join(this.dir, name(seq)), 'utf8').split('\n');
      for (let i = 0; i < lines.length; i += 1) {
        if (lines[i]!.trim() === '') continue;
        try {
          const event = decodeEvent(lines[i]!);
          event.journal = this.id;
          event.position = seq * LINES_PER_SEGMENT + i;
          events.push(event);
        } catch {
          // A line cut short by the crash: its redirect was never answered.
        }
      }
    }
    this.seq = (segments.at(-1) ?? 0) + 1;
    this.closed = segments.map((seq) => ({ seq, lastHit: Number.POSITIVE_INFINITY }));
    this.openSegment();
    return events;
  }

  /** The events `open` returned are the hits up to `lastHit` of this run. */
  replayed(lastHit: number): void {
    for (const c of this.closed) if (c.lastHit === Number.POSITIVE_INFINITY) c.lastHit = lastHit;
  }

  /** Adds an event's line to the lines of the next `write`, and gives the event its position. */
  append(event: RecordedEvent): void {
    if (this.fd === null) return;
    event.journal = this.id;
    event.position = this.seq * LINES_PER_SEGMENT + this.lines;
    this.lines += 1;
    this.pending += `${encodeEvent(event)}\n`;
  }

  /** Whether appended lines wait for `write`. */
  get hasPending(): boolean {
    return this.pending !== '';
  }

  /** Writes every appended line with one synchronous write: they are in the kernel's page cache after it. */
  write(): void {
    if (this.fd === null || this.pending === '') return;
    const bytes = Buffer.from(this.pending);
    this.pending = '';
    for (let offset = 0; offset < bytes.length;) offset += writeSync(this.fd, bytes, offset);
    this.written += bytes.length;
  }

  /**
   * Once the first `through` hits recorded are committed: closes the active segment (if anything was
   * written to it, `recorded` hits in all by then) and deletes every closed segment whose hits are all
   * committed.
   */
  committed(through: number, recorded: number): void {
    this.write();
    if (this.fd !== null && this.written > 0) {
      closeSync(this.fd);
      this.closed.push({ seq: this.seq, lastHit: recorded });
      this.seq += 1;
      this.openSegment();
    }
    const done = this.closed.filter((c) => c.lastHit <= through);
    this.closed = this.closed.filter((c) => c.lastHit > through);
    for (const c of done) unlinkSync(join(this.dir, name(c.seq)));
  }

  close(): void {
    if (this.fd === null) return;
    this.write();
    closeSync(this.fd);
    this.fd = null;
    if (this.written === 0) unlinkSync(join(this.dir, name(this.seq)));
    unlinkSync(this.lock);
  }

  private openSegment(): void {
    this.fd = openSync(join(this.dir, name(this.seq)), 'a');
    this.written = 0;
    this.lines = 0;
  }

  private segments(): number[] {
    return readdirSync(this.dir)
      .map((f) => SEGMENT.exec(f)?.[1])
      .filter((s): s is string => s !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  }

  private takeLock(): void {
    try {
      writeFileSync(this.lock, String(process.pid), { flag: 'wx' });
    } catch {
      const holder = Number(readFileSync(this.lock, 'utf8'));
      if (holder !== process.pid && alive(holder)) {
        throw new Error(`the event journal ${this.dir} is in use by process ${holder}; give each instance its own folder`);
      }
      writeFileSync(this.lock, String(process.pid));
    }
  }
}
