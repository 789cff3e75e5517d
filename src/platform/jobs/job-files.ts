import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TooLarge } from '../../lib/errors.js';

const NAME = /^[0-9a-f-]{36}(\.[a-z]+)+$/;

/** What an upload left on disk: a temporary file, its size and the SHA-256 of its bytes. */
export interface Received {
  path: string;
  bytes: number;
  sha256: string;
}

/**
 * The jobs' files under one folder (JOBS_DIR, a volume every instance shares): `<id>.input` as it
 * was sent, and `<id>.<ext>` for what the job made. A file is written under a temporary name and
 * renamed into place, so a reader never sees half of one.
 */
export class JobFiles {
  constructor(readonly dir: string) {}

  path(name: string): string {
    if (!NAME.test(name)) throw new Error(`not a job file name: ${name}`);
    return join(this.dir, name);
  }

  /** Makes the folder, if it is not there yet. */
  async ready(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** Streams `input` to a temporary file, refusing (413, nothing left) more than `maxBytes`. */
  async receive(input: Readable, maxBytes: number): Promise<Received> {
    await this.ready();
    const path = join(this.dir, `upload-${randomBytes(8).toString('hex')}.tmp`);
    const hash = createHash('sha256');
    let bytes = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > maxBytes) return done(new TooLarge(`The file is larger than ${maxBytes} bytes.`, 'file'));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(input, count, createWriteStream(path, { flags: 'wx' }));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return { path, bytes, sha256: hash.digest('hex') };
  }

  /** Moves a received file into place as the job's `name`. */
  async adopt(received: Received, name: string): Promise<void> {
    await rename(received.path, this.path(name));
  }

  async discard(received: Received): Promise<void> {
    await rm(received.path, { force: true });
  }

  /** Every file of the job. */
  async remove(jobId: string): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    await Promise.all(names.filter((n) => n.startsWith(`${jobId}.`)).map((n) => rm(join(this.dir, n), { force: true })));
  }
}
