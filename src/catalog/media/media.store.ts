import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where media bytes live, keyed by the hex SHA-256 of their content.
 * The disk store below is the default; an S3-compatible store implements the same four calls
 * (key = `<prefix><sha256>`; put is an idempotent PutObject).
 */
export interface MediaStore {
  /** Stores the bytes under their hash (nothing changes when they are already there); returns the hash. */
  put(bytes: Buffer): Promise<string>;
  /** The bytes stored under `sha256`, or null. */
  get(sha256: string): Promise<Buffer | null>;
  has(sha256: string): Promise<boolean>;
  /** Removes the bytes; nothing happens when they are absent. */
  delete(sha256: string): Promise<void>;
}

export const sha256Hex = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Files under `dir`, fanned out by the hash's first two characters (`ab/abcdef….bin`) so no folder
 * grows past a few thousand entries. A write goes to a temporary name and is renamed into place, so a
 * reader never sees half a file.
 */
export class DiskMediaStore implements MediaStore {
  constructor(private readonly dir: string) {}

  private path(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`not a SHA-256 key: ${sha256}`);
    return join(this.dir, sha256.slice(0, 2), `${sha256}.bin`);
  }

  async put(bytes: Buffer): Promise<string> {
    const sha256 = sha256Hex(bytes);
    if (await this.has(sha256)) return sha256;
    const target = this.path(sha256);
    await mkdir(join(this.dir, sha256.slice(0, 2)), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, target);
    return sha256;
  }

  async get(sha256: string): Promise<Buffer | null> {
    if (!SHA256.test(sha256)) return null;
    try {
      return await readFile(this.path(sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    if (!SHA256.test(sha256)) return false;
    try {
      return (await stat(this.path(sha256))).isFile();
    } catch {
      return false;
    }
  }

  async delete(sha256: string): Promise<void> {
    if (!SHA256.test(sha256)) return;
    await rm(this.path(sha256), { force: true });
  }
}
