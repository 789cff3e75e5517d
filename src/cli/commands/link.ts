import { createReadStream } from 'node:fs';
import { copyFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { API_SOURCES } from '../../catalog/index.js';
import type { CliContext } from '../context.js';
import { optional, parse, required, UsageError } from '../args.js';
import { runToEnd } from '../follow.js';
import { actingOwner } from '../owner.js';
import { Report } from '../report.js';
import { errorLine, whyEnded } from './code-jobs.js';

export const LINK_IMPORT_USAGE =
  'link import --account ACCOUNT_ID --source bitly|shlink|yourls|kutt|dub|csv (FILE | --url URL --api-key KEY) ' +
  '[--as links|codes] [--dry-run] [--out FILE]';

/** Where the API key may come from instead of --api-key, so it stays out of the shell's history. */
export const API_KEY_ENV = 'QRELAY_IMPORT_API_KEY';

const count = (n: number) => n.toLocaleString('en');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * `link import --account ID --source S (FILE | --url URL --api-key KEY)`: moving in from another
 * service as `POST /imports` does it, as the account's owner: its export file, or its API read page
 * by page, becomes links (or dynamic codes, --as codes) keeping their endings. Queued as the owner's
 * job and run here; a record that cannot come is left out, named against its row, and the others come.
 */
export async function linkImport(context: CliContext, argv: string[]): Promise<Report> {
  const { services, present } = context;
  const { values, positionals } = parse(argv, {
    account: 'string',
    source: 'string',
    url: 'string',
    'api-key': 'string',
    as: 'string',
    'dry-run': 'boolean',
    out: 'string',
  });
  if (positionals.length > 1) throw new UsageError(LINK_IMPORT_USAGE);
  const [file] = positionals;
  const accountId = required(values, 'account');
  const source = required(values, 'source');
  const url = optional(values, 'url');
  const givenKey = optional(values, 'api-key');
  const as = optional(values, 'as') ?? 'links';
  if (as !== 'links' && as !== 'codes') throw new UsageError('--as must be links or codes');
  const dryRun = values['dry-run'] === true;
  const out = optional(values, 'out') ?? null;
  if (file !== undefined && url !== undefined) throw new UsageError('give the export FILE or --url with --api-key, not both');
  if (file === undefined && url === undefined)
    throw new UsageError(`give the export FILE, or --url and --api-key\n${LINK_IMPORT_USAGE}`);
  if (file !== undefined && givenKey !== undefined)
    throw new UsageError('--api-key reads an API: it goes with --url, not a FILE');
  const overApi = (API_SOURCES as readonly string[]).includes(source);
  if (url !== undefined && !overApi) throw new UsageError(`${source} is imported from its export file: give FILE, not --url`);
  if (file !== undefined && source === 'kutt')
    throw new UsageError('kutt has no export file: read its API with --url and --api-key');
  let api: { url: string; apiKey: string } | undefined;
  if (url !== undefined) {
    const apiKey = givenKey ?? process.env[API_KEY_ENV] ?? '';
    if (apiKey.trim() === '')
      throw new UsageError(`--url needs the API key: --api-key KEY, or ${API_KEY_ENV} in the environment`);
    api = { url, apiKey };
  } else {
    const found = await stat(file!).catch(() => null);
    if (!found?.isFile()) throw new Error(`${file}: no such file`);
  }
  const { account, owner } = await actingOwner(services, accountId);
  const queued = await services.catalog.movingIn.start(owner, {
    source,
    as,
    dryRun,
    ...(api ? { api } : { file: createReadStream(file!) }),
  });
  const job = await runToEnd(context, owner, queued);
  const path = job.output === null ? null : resolve(services.platform.jobs.files.path(job.output));
  const succeeded = job.status === 'succeeded';
  if (succeeded && out !== null && path !== null) await copyFile(path, out);
  const json = { job: present.job(job), path, out: succeeded && path !== null ? out : null };

  // The file itself refused (row 0) is the reason already told.
  const leftOut = job.errors.filter((e) => !(e.row === 0 && e.message === job.reason)).map(errorLine);
  if (job.errorCount > job.errors.length) leftOut.push(`… and ${count(job.errorCount - job.errors.length)} more.`);
  if (!succeeded) return new Report(json, [whyEnded(job), ...leftOut].join('\n'), whyEnded(job));

  const what = as === 'codes' ? ['code', 'codes'] : ['link', 'links'];
  const lines = [
    dryRun
      ? `Checked ${account.name}'s import from ${source}: ${plural(job.total, what[0]!, what[1]!)} would be imported, ` +
        `${count(job.errorCount)} left out. Nothing was created (--dry-run).`
      : `Imported ${plural(job.done, what[0]!, what[1]!)} from ${source} into ${account.name} (job ${job.id}); ` +
        `${count(job.errorCount)} left out.`,
    ...leftOut,
    ...(path === null ? [] : [`Every row and what became of it, as CSV (row,result,id,shortCode,url,name,message): ${path}`]),
    ...(out === null || path === null ? [] : [`Copied to ${out}.`]),
  ];
  return new Report(json, lines.join('\n'));
}

/** Links as the operator moves them in: an import is done as the account's owner. */
export async function link(context: CliContext, sub: string | undefined, argv: string[]): Promise<object> {
  switch (sub) {
    case 'import':
      return linkImport(context, argv);
    default:
      throw new UsageError(LINK_IMPORT_USAGE);
  }
}
