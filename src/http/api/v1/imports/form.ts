import type { Readable } from 'node:stream';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { InvalidRequest } from '../../../../lib/errors.js';
import type { Received } from '../../../../platform/index.js';

/** What a multipart form brought: its text fields, and its one file, already on disk. */
export interface Form {
  fields: Record<string, string>;
  file: Received | null;
}

/**
 * Reads a `multipart/form-data` body as it streams: the part `file` goes straight to disk through
 * `receive` (never held in memory), the other parts are short text fields. A second file is a 400.
 */
export function readForm(body: Readable, contentType: string, receive: (file: Readable) => Promise<Received>): Promise<Form> {
  return new Promise((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      parser = new Busboy({ headers: { 'content-type': contentType }, limits: { fields: 20, fieldSize: 8192, files: 1 } });
    } catch {
      reject(new InvalidRequest('The body is not a multipart form (its boundary is missing).', 'file'));
      return;
    }
    const fields: Record<string, string> = {};
    let file: Promise<Received> | null = null;
    let failed: unknown = null;
    parser.on('field', (name: string, value: string) => (fields[name] = value));
    parser.on('file', (name: string, stream: Readable) => {
      if (name !== 'file' || file) {
        failed ??= new InvalidRequest('The form takes one file, in the part "file".', 'file');
        stream.resume();
        return;
      }
      file = receive(stream);
      file.catch((error: unknown) => (failed ??= error));
    });
    parser.on('error', (error: unknown) =>
      reject(error instanceof Error ? new InvalidRequest(`The form could not be read: ${error.message}`, 'file') : error),
    );
    parser.on('finish', () => {
      void (async () => {
        const received = file ? await file.catch(() => null) : null;
        if (failed) return reject(failed);
        resolve({ fields, file: received });
      })();
    });
    body.pipe(parser);
  });
}
