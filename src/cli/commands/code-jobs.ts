import { createReadStream } from 'node:fs';
import { copyFile, stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import type { Static } from '@sinclair/typebox';
import type { RowFormat } from '../../catalog/index.js';
import { ExportBody } from '../../http/api/v1/jobs/schema.js';
import { explainValidation } from '../../http/errors.js';
import { bodyValidator, onFirstUse } from '../../http/validation.js';
import { InvalidRequest } from '../../lib/errors.js';
import type { Job, JobError } from '../../platform/index.js';
import type { CliContext } from '../context.js';
import { optional, optionalInteger, optionalList, optionalNumber, parse, required, UsageError } from '../args.js';
import { runToEnd } from '../follow.js';
import { actingOwner } from '../owner.js';
import { Report } from '../report.js';

export const IMPORT_USAGE = 'code import FILE --account ACCOUNT_ID [--format csv|json] [--dry-run] [--out FILE]';
export const EXPORT_USAGE =
  'code export --account ACCOUNT_ID (--codes ID,ID,... | --folder FOLDER_ID | --job BULK_JOB_ID) --out FILE.zip ' +
  '[--format png|svg|pdf] [--size N] [--sheet A4|Letter [--columns N] [--rows N] [--margin MM] [--gap MM] [--caption name|shortCode|none]]';

const count = (n: number) => n.toLocaleString('en');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** `row 3, url: ...`; row 0 is the file itself (its header, its shape). */
export const errorLine = ({ row, field, message }: JobError): string =>
  `${row === 0 ? 'the file' : `row ${row}`}${field && field !== 'file' ? `, ${field}` : ''}: ${message}`;

/** Why a job that did not succeed ended, in a sentence. */
export const whyEnded = (job: Job): string =>
  job.reason ?? (job.status === 'cancelled' ? 'The job was cancelled.' : `The job ended ${job.status}.`);

/** CSV or JSON, as --format says or else as the file's name ends. */
function rowFormat(file: string, given: string | undefined): RowFormat {
  const format = given ?? extname(file).slice(1).toLowerCase();
  if (format === 'csv' || format === 'json') return format;
  throw new UsageError(
    given === undefined
      ? `cannot tell the format of ${file}: name it .csv or .json, or give --format csv|json`
      : '--format must be csv or json',
  );
}

async function inputFile(file: string): Promise<void> {
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new Error(`${file}: no such file`);
}

/**
 * `code import FILE --account ID`: a bulk create of the account's codes from CSV (a header row:
 * name,url required; mode,shortCode,folderId,templateId optional) or JSON `{ "codes": [...] }`, as
 * `POST /codes/bulk` makes it: queued as the owner's job, run here, every row checked before any is
 * created.
 */
export async function codeImport(context: CliContext, argv: string[]): Promise<Report> {
  const { services, present } = context;
  const { values, positionals } = parse(argv, { account: 'string', format: 'string', 'dry-run': 'boolean', out: 'string' });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new UsageError(IMPORT_USAGE);
  const format = rowFormat(file, optional(values, 'format'));
  const accountId = required(values, 'account');
  const dryRun = values['dry-run'] === true;
  const out = optional(values, 'out') ?? null;
  if (dryRun && out !== null) throw new UsageError('--out takes the list of codes made, and --dry-run makes none');
  await inputFile(file);
  const { account, owner } = await actingOwner(services, accountId);
  const queued = await services.catalog.bulk.start(owner, createReadStream(file), format, { dryRun });
  const job = await runToEnd(context, owner, queued);
  const path = job.output === null ? null : resolve(services.platform.jobs.files.path(job.output));
  const json = { job: present.job(job), path, out };

  if (job.status !== 'succeeded') {
    const lines = [whyEnded(job), ...job.errors.map(errorLine)];
    if (job.errorCount > job.errors.length) lines.push(`… and ${count(job.errorCount - job.errors.length)} more.`);
    if (path !== null) lines.push(`Every error, as CSV (row,field,message): ${path}`);
    return new Report(json, lines.join('\n'), whyEnded(job));
  }
  if (dryRun) {
    return new Report(
      json,
      `Checked ${plural(job.total, 'row', 'rows')} for ${account.name}: no errors. Nothing was created (--dry-run).`,
    );
  }
  if (out !== null && path !== null) await copyFile(path, out);
  const lines = [
    `Created ${plural(job.done, 'code', 'codes')} in ${account.name} (job ${job.id}).`,
    `The codes made, as CSV (row,id,name,shortCode,url,encode): ${path}`,
    ...(out === null ? [] : [`Copied to ${out}.`]),
  ];
  return new Report(json, lines.join('\n'));
}

type ExportInput = Static<typeof ExportBody>;

/** The export body checked as `POST /exports` checks it (defaults filled in), before anything is queued. */
const validExport = onFirstUse(() => bodyValidator().compile(ExportBody));

/** The CLI's option for each field of the export body, so a refusal names what was typed. */
const OPTION_OF: Record<string, string> = {
  codeIds: 'codes',
  folderId: 'folder',
  jobId: 'job',
  format: 'format',
  size: 'size',
  sheet: 'sheet',
  'sheet.paper': 'sheet',
  'sheet.columns': 'columns',
  'sheet.rows': 'rows',
  'sheet.marginMm': 'margin',
  'sheet.gapMm': 'gap',
  'sheet.caption': 'caption',
};

/** A refusal of the print run that begins with a field's name, told with the option's (`size must be ...` → `--size must be ...`). */
function namingOption(error: unknown): unknown {
  if (!(error instanceof InvalidRequest) || !error.field) return error;
  const option = OPTION_OF[error.field];
  if (!option || !error.message.startsWith(`${error.field} `)) return error;
  return new InvalidRequest(`--${option}${error.message.slice(error.field.length)}`, option);
}

const SHEET_OPTIONS = ['columns', 'rows', 'margin', 'gap', 'caption'] as const;

/**
 * `code export --account ID (--codes ... | --folder ID | --job ID) --out FILE.zip`: a print run as
 * `POST /exports` makes it (every symbol decoded before it is packed, manifest.csv, label sheets with
 * --sheet), queued as the owner's job and run here; the ZIP is copied to --out.
 */
export async function codeExport(context: CliContext, argv: string[]): Promise<Report> {
  const { services, present } = context;
  const { values, positionals } = parse(argv, {
    account: 'string',
    codes: 'string',
    folder: 'string',
    job: 'string',
    format: 'string',
    size: 'string',
    sheet: 'string',
    columns: 'string',
    rows: 'string',
    margin: 'string',
    gap: 'string',
    caption: 'string',
    out: 'string',
  });
  if (positionals.length > 0) throw new UsageError(EXPORT_USAGE);
  const accountId = required(values, 'account');
  const out = required(values, 'out');
  const codeIds = optionalList(values, 'codes');
  const folderId = optional(values, 'folder');
  const jobId = optional(values, 'job');
  if ([codeIds, folderId, jobId].filter((source) => source !== undefined).length !== 1)
    throw new UsageError('give exactly one of --codes, --folder or --job');
  const paper = optional(values, 'sheet');
  const stray = SHEET_OPTIONS.find((name) => values[name] !== undefined);
  if (paper === undefined && stray) throw new UsageError(`--${stray} lays out label sheets: it needs --sheet A4|Letter`);
  const input: Record<string, unknown> = {
    ...(codeIds !== undefined ? { codeIds } : {}),
    ...(folderId !== undefined ? { folderId } : {}),
    ...(jobId !== undefined ? { jobId } : {}),
    format: optional(values, 'format') ?? 'png',
    ...defined({ size: optionalInteger(values, 'size') }),
  };
  if (paper !== undefined) {
    input.sheet = {
      paper,
      ...defined({
        columns: optionalInteger(values, 'columns'),
        rows: optionalInteger(values, 'rows'),
        marginMm: optionalNumber(values, 'margin'),
        gapMm: optionalNumber(values, 'gap'),
        caption: optional(values, 'caption'),
      }),
    };
  }
  if (!validExport(input)) {
    const { path, message } = explainValidation(validExport.errors ?? []);
    const option = OPTION_OF[path.join('.')] ?? OPTION_OF[path[0] ?? ''] ?? path.join('.');
    throw new InvalidRequest(`--${option} ${message}.`, option);
  }
  const { account, owner } = await actingOwner(services, accountId);
  const queued = await services.catalog.printRuns.start(owner, input as ExportInput).catch((error: unknown) => {
    throw namingOption(error);
  });
  const job = await runToEnd(context, owner, queued);
  const path = job.output === null ? null : resolve(services.platform.jobs.files.path(job.output));
  if (job.status !== 'succeeded' || path === null) {
    return new Report({ job: present.job(job), path, out: null, bytes: null }, whyEnded(job), whyEnded(job));
  }
  await copyFile(path, out);
  const { size: bytes } = await stat(out);
  const format = String(input.format).toUpperCase();
  return new Report(
    { job: present.job(job), path, out, bytes },
    `Drew ${plural(job.done, 'code', 'codes')} of ${account.name} as ${format}, every symbol decoded, into ${out} ` +
      `(${count(bytes)} bytes: the images, manifest.csv${paper === undefined ? '' : ` and label sheets, sheets.pdf`}).`,
  );
}

/** The fields given a value (an option left out is no field at all, so the schema's default applies). */
const defined = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
