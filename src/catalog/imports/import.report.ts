import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import { rowId, type JobError, type JobRun } from '../../platform/index.js';

/** A record that passed the check, as the report reads it back. */
interface Ready {
  row: number;
  url: string;
  shortCode: string | null;
  name: string | null;
}

/** Records read back per query while the report is written. */
const BATCH = 500;

/**
 * The job's file: every row read, in order, with what became of it (`imported`, or `ready` for a
 * dry run, or `skipped` with the reason), merged from the checked records and the errors.
 */
export async function writeReport(
  run: JobRun,
  params: { dryRun: boolean },
  made: (ids: string[]) => Promise<{ id: string; shortCode: string | null }[]>,
): Promise<JobError[]> {
  const { job } = run;
  const out = stringify({ header: true, columns: ['row', 'result', 'id', 'shortCode', 'url', 'name', 'message'] });
  const file = createWriteStream(`${run.outputPath('csv')}.tmp`);
  out.pipe(file);
  const readyLines = createInterface({ input: createReadStream(run.outputPath('ready.jsonl')), crlfDelay: Infinity })[
    Symbol.asyncIterator
  ]();
  const errorRows = await readErrors(run.outputPath('errors.csv'));
  const nextReady = async (): Promise<Ready | null> => {
    for (;;) {
      const { value, done } = await readyLines.next();
      if (done) return null;
      if (value) return JSON.parse(value) as Ready;
    }
  };
  const codesById = async (records: Ready[]) => {
    if (params.dryRun || records.length === 0) return new Map<string, string>();
    const found = await made(records.map((r) => rowId(job, r.row)));
    return new Map(found.map((f) => [f.id, f.shortCode ?? '']));
  };
  let readyRecord = await nextReady();
  let errorIndex = 0;
  while (readyRecord || errorIndex < errorRows.length) {
    const chunk: Ready[] = [];
    while (readyRecord && chunk.length < BATCH) {
      chunk.push(readyRecord);
      readyRecord = await nextReady();
    }
    const endings = await codesById(chunk);
    const lines: (string | number)[][] = [];
    for (const record of chunk) {
      while (errorIndex < errorRows.length && errorRows[errorIndex]![0] <= record.row)
        lines.push(skipped(errorRows[errorIndex++]!));
      const id = rowId(job, record.row);
      lines.push([
        record.row,
        params.dryRun ? 'ready' : 'imported',
        params.dryRun ? '' : id,
        params.dryRun ? (record.shortCode ?? '') : (endings.get(id) ?? ''),
        record.url,
        record.name ?? '',
        '',
      ]);
    }
    if (!readyRecord) while (errorIndex < errorRows.length) lines.push(skipped(errorRows[errorIndex++]!));
    for (const line of lines) if (!out.write(line)) await new Promise((resolve) => out.once('drain', resolve));
  }
  out.end();
  await finished(file);
  await rename(`${run.outputPath('csv')}.tmp`, run.outputPath('csv'));
  return errorRows.map(([row, field, message]) => ({ row, field, message }));
}

/** The errors' file as `[row, field, message]`, in row order (row 0, the file itself, first). */
async function readErrors(path: string): Promise<[number, string, string][]> {
  const rows: [number, string, string][] = [];
  if (!existsSync(path)) return rows;
  for await (const [row, field, message] of createReadStream(path).pipe(parse({ from_line: 2 })) as AsyncIterable<string[]>)
    rows.push([Number(row), field ?? '', message ?? '']);
  return rows.sort((a, b) => a[0] - b[0]);
}

const skipped = ([row, field, message]: [number, string, string]): (string | number)[] => [
  row,
  'skipped',
  '',
  '',
  '',
  '',
  field ? `${field}: ${message}` : message,
];
