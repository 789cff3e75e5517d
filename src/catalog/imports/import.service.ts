import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { isIP } from 'node:net';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Transactor, Tx } from '../../db/transaction.js';
import { isPublicAddress } from '../../delivery/index.js';
import type { Account, AccountLookup } from '../../identity/index.js';
import { AppError, InvalidRequest, NotFound } from '../../lib/errors.js';
import {
  assertCan,
  effectivePlan,
  ERRORS_KEPT,
  JobStopped,
  rowId,
  type InvalidationBus,
  type Job,
  type JobOutcome,
  type JobRun,
  type JobsService,
  type JobWork,
  type Person,
  type Received,
} from '../../platform/index.js';
import { ErrorLog } from '../bulk/error-log.js';
import { writeReport } from './import.report.js';
import { FileProblem } from '../bulk/bulk.rows.js';
import { TAGS_PER_OBJECT_MAX, TAG_MAX } from '../campaigns/campaigns.types.js';
import type { CampaignsRepository } from '../campaigns/store/campaigns.repository.js';
import type { CodesService } from '../codes/codes.service.js';
import type { CodesRepository } from '../codes/store/codes.repository.js';
import { NAME_MAX, type Code, type CodeKind } from '../codes/codes.types.js';
import { DEFAULT_DESIGN } from '../designs/design.schema.js';
import { NO_EXPIRY } from '../lifecycle/expiry.js';
import { validateDestination } from '../endings/destination.js';
import { domainKey, validateChosenEnding } from '../endings/endings.js';
import type { EndingsService } from '../endings/endings.service.js';
import type { EndingsRepository } from '../endings/store/endings.repository.js';
import {
  API_SOURCES,
  IMPORT_SOURCES,
  type ApiReader,
  type ApiSource,
  type ApiSourceName,
  type FileReader,
  type ImportFetch,
  type ImportRecord,
  type ImportSource,
} from './import.types.js';

/** Records written per transaction, each batch with the job's progress. */
const BATCH = 500;

export type ImportAs = 'links' | 'codes';

export interface ImportParams {
  source: ImportSource;
  as: ImportAs;
  dryRun: boolean;
  /** The old service's API address, for an import over its API (the key is kept in the job's input file). */
  api: { url: string } | null;
}

export interface ImportRequest {
  source: string;
  as?: string;
  dryRun?: boolean;
  /** The export file, as a stream or already on disk (`JobFiles.receive`). */
  file?: Readable | Received;
  /** Or the old service's API. */
  api?: ApiSource;
}

export interface MovingInDeps {
  jobs: JobsService;
  codes: CodesService;
  codesRepo: CodesRepository;
  /** Short links: the same service and rows, of kind 'link'. */
  links: CodesService;
  linksRepo: CodesRepository;
  endings: EndingsRepository;
  claims: EndingsService;
  tags: CampaignsRepository;
  accounts: AccountLookup;
  transactor: Transactor;
  bus: InvalidationBus;
  fileReaders: Partial<Record<ImportSource, FileReader>>;
  apiReaders: Partial<Record<ApiSourceName, ApiReader>>;
  fetch: ImportFetch;
  maxInputBytes: number;
}

/** A record that passed the check, as the check wrote it for the creating stage. */
interface Ready {
  row: number;
  url: string;
  shortCode: string | null;
  name: string | null;
  tags: string[];
  createdAt: number | null;
  clicks: number | null;
}

/**
 * Moving in from another service: its export file, or its API read page by page, becomes links (or
 * dynamic codes) whose endings are kept. Every record is checked first; a record that cannot come
 * (no address, a private or non-http one, an ending that is invalid, repeated or taken) is reported
 * against its row and the others come. What passed is written in batches, each with the job's
 * progress, so a resumed job makes nothing twice.
 */
export class MovingIn implements JobWork {
  constructor(private readonly deps: MovingInDeps) {}

  async start(actor: Person, request: ImportRequest, idempotencyKey?: string): Promise<Job> {
    assertCan(actor, 'content:write');
    const source = request.source as ImportSource;
    if (!(IMPORT_SOURCES as readonly string[]).includes(source))
      throw new InvalidRequest(`source must be one of ${IMPORT_SOURCES.join(', ')}.`, 'source');
    const as = (request.as ?? 'links') as ImportAs;
    if (as !== 'links' && as !== 'codes') throw new InvalidRequest('as must be links or codes.', 'as');
    let input: { input: Readable } | { received: Received };
    let api: ImportParams['api'] = null;
    if (request.api) {
      if (!(API_SOURCES as readonly string[]).includes(source) || !this.deps.apiReaders[source as ApiSourceName])
        throw new InvalidRequest(`${source} is imported from its export file, not its API.`, 'source');
      const url = validateDestination(request.api.url.trim(), 'url');
      if (!request.api.apiKey.trim()) throw new InvalidRequest('apiKey is required to read the API.', 'apiKey');
      api = { url };
      // The key is kept in the job's input file, never in its row; the file goes when the job ends.
      input = { input: Readable.from([JSON.stringify({ apiKey: request.api.apiKey.trim() })]) };
    } else {
      if (!request.file) throw new InvalidRequest('Send the export file (the part "file"), or the API address and key.', 'file');
      if (!this.deps.fileReaders[source])
        throw new InvalidRequest(`${source} has no export file to import; read it over its API (url and apiKey).`, 'source');
      input = 'sha256' in request.file ? { received: request.file } : { input: request.file };
    }
    const params: ImportParams = { source, as, dryRun: request.dryRun === true, api };
    return this.deps.jobs.start(
      actor,
      'import',
      { ...params },
      {
        ...input,
        maxInputBytes: this.deps.maxInputBytes,
        idempotencyKey,
      },
    );
  }

  async run(run: JobRun): Promise<JobOutcome> {
    const { job } = run;
    const params = job.params as unknown as ImportParams;
    const account = await this.deps.accounts.findById(job.accountId);
    if (!account) throw new NotFound('account');
    try {
      let total = job.total;
      if (job.stage !== 'creating') {
        const checked = await this.check(run, params, account);
        if (typeof checked !== 'number') {
          await this.forgetKey(run, params);
          return checked;
        }
        total = checked;
        if (!params.dryRun) await run.setStage('creating');
      }
      if (!params.dryRun) await this.create(run, params, account, total);
      const left = await writeReport(run, params, (ids: string[]) =>
        (params.as === 'links' ? this.deps.linksRepo : this.deps.codesRepo).findMany(job.accountId, ids),
      );
      await this.forgetKey(run, params);
      return { status: 'succeeded', output: `${job.id}.csv`, errors: left.slice(0, ERRORS_KEPT), errorCount: left.length };
    } catch (error) {
      if (!(error instanceof JobStopped && error.why === 'stopping')) await this.forgetKey(run, params);
      throw error;
    }
  }

  /** An API import's key leaves the disk with the job's end. */
  private async forgetKey(run: JobRun, params: ImportParams): Promise<void> {
    if (params.api) await rm(run.input, { force: true });
  }

  private async records(run: JobRun, params: ImportParams): Promise<AsyncGenerator<ImportRecord>> {
    if (params.api) {
      const { apiKey } = JSON.parse(await readFile(run.input, 'utf8')) as { apiKey: string };
      return this.deps.apiReaders[params.source as ApiSourceName]!({ url: params.api.url, apiKey }, this.deps.fetch);
    }
    return this.deps.fileReaders[params.source]!(run.input);
  }

  /**
   * Reads every record and checks it, writing those that can come to `<id>.ready.jsonl` and the others
   * to the errors' file; the number of those that can come, or a failed outcome when the source itself
   * cannot be read (or the plan's cap is too small for them, as codes).
   */
  private async check(run: JobRun, params: ImportParams, account: Account): Promise<JobOutcome | number> {
    await run.setStage('checking');
    const check = await this.deps.claims.destinationCheck();
    const domain = domainKey(account.domain);
    const errors = new ErrorLog(run.outputPath('errors.csv'));
    const readyFile = createWriteStream(run.outputPath('ready.jsonl'));
    const seen = new Map<string, number>();
    let pending: Ready[] = [];
    let ready = 0;
    let read = 0;
    const flush = async () => {
      const chosen = pending.flatMap((r) => (r.shortCode ? [r.shortCode] : []));
      const taken = chosen.length > 0 ? await this.deps.endings.taken(domain, chosen) : new Set<string>();
      for (const record of pending) {
        if (record.shortCode && taken.has(record.shortCode)) {
          errors.add({
            row: record.row,
            field: 'shortCode',
            message: `The ending "${record.shortCode}" is already taken on ${hostOf(account)}.`,
          });
          continue;
        }
        ready += 1;
        if (!readyFile.write(`${JSON.stringify(record)}\n`))
          await new Promise<void>((resolve) => readyFile.once('drain', () => resolve()));
      }
      pending = [];
    };
    try {
      for await (const record of await this.records(run, params)) {
        read += 1;
        if (read % 500 === 0) {
          run.checkpoint();
          await run.setTotal(read);
        }
        if ('error' in record) {
          errors.add(record.error);
          continue;
        }
        try {
          const url = check(record.url, 'url');
          const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
          if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && !isPublicAddress(host)))
            throw new InvalidRequest(`url points at a private address (${host}).`, 'url');
          const shortCode = record.shortCode ? validateChosenEnding(record.shortCode) : null;
          if (shortCode) {
            const first = seen.get(shortCode);
            if (first !== undefined) throw new InvalidRequest(`The ending "${shortCode}" is also on row ${first}.`, 'shortCode');
            seen.set(shortCode, record.row);
          }
          pending.push({
            row: record.row,
            url,
            shortCode,
            name: record.title?.trim() ? [...record.title.trim()].slice(0, NAME_MAX).join('') : null,
            tags: cleanTags(record.tags),
            createdAt: record.createdAt,
            clicks: record.clicks,
          });
          if (pending.length >= BATCH) await flush();
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          errors.add({
            row: record.row,
            field: error instanceof InvalidRequest ? (error.field ?? '') : '',
            message: error.message,
          });
        }
      }
      await flush();
    } catch (error) {
      readyFile.end();
      await errors.close();
      if (error instanceof FileProblem)
        return {
          status: 'failed',
          reason: error.message,
          errors: [{ row: 0, field: error.field ?? 'file', message: error.message }],
        };
      throw error;
    }
    readyFile.end();
    await finished(readyFile);
    await errors.close();
    const cap = effectivePlan(account.plan, account).maxCodes;
    if (params.as === 'codes' && !params.dryRun && cap !== null) {
      const live = await this.deps.codesRepo.countLive(account.id);
      if (live + ready > cap)
        return { status: 'failed', reason: `The plan allows ${cap} live codes; archive one or change plan to add more.` };
    }
    await run.setTotal(ready);
    return ready;
  }

  /** Writes what passed the check in batches from where the job got to. */
  private async create(run: JobRun, params: ImportParams, account: Account, total: number): Promise<void> {
    const { job } = run;
    let index = 0;
    let batch: { index: number; record: Ready }[] = [];
    const write = async () => {
      if (batch.length === 0) return;
      await this.insert(run, params, account, batch);
      batch = [];
    };
    for await (const line of createInterface({ input: createReadStream(run.outputPath('ready.jsonl')), crlfDelay: Infinity })) {
      if (!line) continue;
      index += 1;
      if (index <= job.done) continue;
      batch.push({ index, record: JSON.parse(line) as Ready });
      if (batch.length >= BATCH) await write();
    }
    await write();
    if (index !== total) throw new InvalidRequest(`The checked records changed: ${index} of ${total}.`, 'file');
  }

  private async insert(run: JobRun, params: ImportParams, account: Account, batch: { index: number; record: Ready }[]) {
    const { job } = run;
    const now = Date.now();
    const domain = domainKey(account.domain);
    const imported = (clicks: number | null) => (clicks === null ? null : { source: params.source, total: clicks });
    const last = batch[batch.length - 1]!.index;
    const tagged = (type: CodeKind, id: string, tags: string[]) => ({ ref: { type, id }, tags });
    try {
      const service = params.as === 'links' ? this.deps.links : this.deps.codes;
      const drafts = batch.map(({ record }) => ({
        code: {
          id: rowId(job, record.row),
          accountId: account.id,
          kind: service.kind,
          name: service.kind === 'link' ? (record.name ?? '') : (record.name ?? record.shortCode ?? new URL(record.url).hostname),
          mode: 'dynamic',
          status: 'active',
          domain,
          shortCode: null,
          destination: record.url,
          design: DEFAULT_DESIGN,
          rules: [],
          gateHash: null,
          folderId: null,
          content: null,
          scans: 0,
          expiry: NO_EXPIRY,
          uses: 0,
          utm: null,
          preview: null,
          imported: imported(record.clicks),
          createdAt: record.createdAt ?? now,
          updatedAt: now,
        } satisfies Code,
        shortCode: record.shortCode,
      }));
      for (let attempt = 1; ; attempt += 1) {
        try {
          await service.insertMany(account, drafts, async (tx: Tx) => {
            await this.deps.tags.tagNew(
              account.id,
              batch.map(({ record }, i) => tagged(service.kind, drafts[i]!.code.id, record.tags)),
              tx,
            );
            await run.advance(last, tx);
          });
          break;
        } catch (error) {
          // insertMany draws new endings for the codes without one on every try.
          if (!isUniqueViolation(error) || attempt >= 5) throw error;
          const chosen = batch.flatMap(({ record }) => (record.shortCode ? [record.shortCode] : []));
          if ((await this.deps.endings.taken(domain, chosen)).size > 0) throw error;
        }
      }
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const chosen = batch.flatMap(({ record }) => (record.shortCode ? [record] : []));
      const taken = await this.deps.endings.taken(
        domain,
        chosen.map((r) => r.shortCode!),
      );
      const lost = chosen.find((r) => taken.has(r.shortCode!));
      throw new InvalidRequest(
        lost
          ? `Row ${lost.row}: the ending "${lost.shortCode}" was taken while the import ran.`
          : 'An ending collided while the import ran; run it again.',
        'shortCode',
      );
    }
  }
}

const hostOf = (account: Account) => account.domain ?? 'this service';

/** The tags a record brought that qrelay can keep: trimmed, at most TAG_MAX characters, no repeats, at most TAGS_PER_OBJECT_MAX. */
function cleanTags(tags: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (tag && tag.length <= TAG_MAX && !kept.has(tag.toLowerCase())) kept.set(tag.toLowerCase(), tag);
  }
  return [...kept.values()].slice(0, TAGS_PER_OBJECT_MAX);
}
