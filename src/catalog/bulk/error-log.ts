import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { ERRORS_KEPT, type JobError } from '../../platform/index.js';

/** The errors of a check: all of them to a CSV file as they are found, the first ERRORS_KEPT kept for the job's row. */
export class ErrorLog {
  readonly first: JobError[] = [];
  count = 0;
  private out: ReturnType<typeof stringify> | null = null;
  private file: ReturnType<typeof createWriteStream> | null = null;

  constructor(private readonly path: string) {}

  add(error: JobError): void {
    this.count += 1;
    if (this.first.length < ERRORS_KEPT) this.first.push(error);
    if (!this.out) {
      this.out = stringify({ header: true, columns: ['row', 'field', 'message'] });
      this.file = createWriteStream(this.path);
      this.out.pipe(this.file);
    }
    this.out.write([error.row, error.field, error.message]);
  }

  async close(): Promise<void> {
    if (!this.out) return;
    this.out.end();
    await finished(this.file!);
  }
}
