import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/** How far the added files may run ahead of what is on disk before `add` waits. */
const BACKLOG_BYTES = 16 * 1_048_576;

/**
 * A ZIP written to disk as files are added: the archive is never held whole in memory, and `add`
 * waits while more than a few megabytes are queued. The file appears under its name only when
 * complete (`close`); `abort` leaves nothing.
 */
export class ZipWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly done: Promise<void>;
  private added = 0;
  private written = 0;
  private wake: (() => void) | null = null;
  private readonly mtime = new Date();

  constructor(private readonly path: string) {
    const count = new Transform({
      transform: (chunk: Buffer, _encoding, next) => {
        this.written += chunk.length;
        if (this.wake && this.added - this.written < BACKLOG_BYTES) {
          this.wake();
          this.wake = null;
        }
        next(null, chunk);
      },
    });
    this.done = pipeline(this.zip.outputStream, count, createWriteStream(`${path}.tmp`));
    // A failed write must not leave `add` waiting for a drain that will never come.
    this.done.catch(() => this.wake?.());
  }

  /** Adds `bytes` as `name` (stored as they are when `compress` is false: PNG and PDF are compressed already). */
  async add(bytes: Uint8Array | string, name: string, compress: boolean): Promise<void> {
    const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.zip.addBuffer(buffer, name, { compress, mtime: this.mtime });
    this.added += buffer.length;
    if (this.added - this.written >= BACKLOG_BYTES) await new Promise<void>((resolve) => (this.wake = resolve));
  }

  /** Adds a file from disk, read when its turn comes. */
  addFile(path: string, name: string, compress: boolean): void {
    this.zip.addFile(path, name, { compress, mtime: this.mtime });
  }

  async close(): Promise<void> {
    this.zip.end();
    await this.done;
    await rename(`${this.path}.tmp`, this.path);
  }

  async abort(): Promise<void> {
    this.zip.outputStream.unpipe();
    await rm(`${this.path}.tmp`, { force: true });
  }
}
