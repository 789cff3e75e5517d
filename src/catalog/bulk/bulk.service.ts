import { createWriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError, InvalidRequest, NotFound } from '../../lib/errors.js';
import {
  assertCan,
  effectivePlan,
  person,
  rowId,
  type Job,
  type JobOutcome,
  type JobRun,
  type JobsService,
  type JobWork,
  type Person,
} from '../../platform/index.js';
import type { CodesService, Drafting } from '../codes/codes.service.js';
import type { CodesRepository } from '../codes/store/codes.repository.js';
import type { Code, CreateCodeInput } from '../codes/codes.types.js';
import { domainKey, GENERATED_LENGTH } from '../endings/endings.js';
import { encodeValue, shortUrl } from '../endings/short-address.js';
import type { EndingsRepository } from '../endings/store/endings.repository.js';
import type { FoldersRepository } from '../folders/store/folders.repository.js';
import type { ScannabilityGate } from '../symbols/scannability.gate.js';
import { ErrorLog } from './error-log.js';
import { FileProblem, readRows, type RowFormat } from './bulk.rows.js';

/** The most rows one bulk input may have. */
export const BULK_MAX_ROWS = 100_000;
/** Rows written per transaction: each batch commits with the job's progress. */
const BATCH = 500;
/** Tries of a batch whose generated endings collided with existing ones. */
const ATTEMPTS = 5;

export interface BulkParams {
  format: RowFormat;
  /** Check every row and report, but create nothing. */
  dryRun: boolean;
}

export interface BulkDeps {
  jobs: JobsService;
  codes: CodesService;
  repository: CodesRepository;
  endings: EndingsRepository;
  folders: FoldersRepository;
  scannable: ScannabilityGate;
  publicUrl: string;
  maxInputBytes: number;
  /** A row checked against the create body's schema: the same lengths and types as one create (400 naming the field). */
  checkRow: (value: unknown) => CreateCodeInput;
}

/**
 * Bulk create: the whole input is checked first (every bad row reported, nothing created), then the
 * codes are written in batches, each in one transaction with the job's progress, so a job stopped
 * anywhere resumes after exactly what was committed. The input is read from disk a row at a time.
 */
export class BulkCreate implements JobWork {
  constructor(private readonly deps: BulkDeps) {}

  /** Queues a bulk create of `input` (CSV with a header row, or JSON `{ codes: [...] }`). */
  async start(
    actor: Person,
    input: Readable,
    format: RowFormat,
    options: { dryRun?: boolean; idempotencyKey?: string },
  ): Promise<Job> {
    assertCan(actor, 'content:write');
    const params: BulkParams = { format, dryRun: options.dryRun === true };
    return this.deps.jobs.start(
      actor,
      'bulk',
      { ...params },
      {
        input,
        maxInputBytes: this.deps.maxInputBytes,
        idempotencyKey: options.idempotencyKey,
      },
    );
  }

  async run(run: JobRun): Promise<JobOutcome> {
    const { job } = run;
    const params = job.params as unknown as BulkParams;
    // The job acts for the person who queued it, with the write access that queuing it required.
    const actor = person(job.accountId, job.createdBy ?? '', 'editor');
    let total = job.total;
    if (job.stage !== 'creating') {
      const checked = await this.check(run, actor, params.format);
      if (typeof checked !== 'number') return checked;
      if (params.dryRun) return { status: 'succeeded', output: null };
      await run.setStage('creating');
      total = checked;
    }
    return this.create(run, actor, params.format, total);
  }

  /** Reads every row and checks it: a failed outcome when any is wrong, else the number of rows (recorded as the total). */
  private async check(run: JobRun, actor: Person, format: RowFormat): Promise<JobOutcome | number> {
    await run.setStage('checking');
    const { codes, endings, folders } = this.deps;
    const drafting: Drafting = { ...(await codes.drafting(actor)), templates: new Map() };
    const errors = new ErrorLog(run.outputPath('errors.csv'));
    const chosen = new Map<string, number>();
    let pending: { row: number; shortCode: string }[] = [];
    const verdicts = new Map<string, string | null>();
    const knownFolders = new Map<string, boolean>();
    const flush = async () => {
      const taken = await endings.taken(
        domainKey(drafting.account.domain),
        pending.map((p) => p.shortCode),
      );
      for (const { row, shortCode } of pending) {
        if (taken.has(shortCode)) errors.add({ row, field: 'shortCode', message: `shortCode "${shortCode}" is already taken.` });
      }
      pending = [];
    };
    let rows = 0;
    try {
      for await (const input of readRows(run.input, format)) {
        rows = input.row;
        if (rows > BULK_MAX_ROWS) {
          errors.add({
            row: rows,
            field: '',
            message: `The input has more than ${BULK_MAX_ROWS.toLocaleString('en')} rows; split it into several jobs.`,
          });
          break;
        }
        if (rows % 1000 === 0) {
          run.checkpoint();
          await run.setTotal(rows);
        }
        if ('error' in input) {
          errors.add(input.error);
          continue;
        }
        try {
          const body = this.deps.checkRow(input.value);
          if (body.templateId !== undefined && !drafting.templates!.has(body.templateId))
            await this.template(actor, body.templateId, drafting);
          const code = await codes.draft(actor, body, drafting);
          if (code.folderId !== null) {
            let known = knownFolders.get(code.folderId);
            if (known === undefined) {
              known = (await folders.findInAccount(actor.accountId, code.folderId)) !== null;
              knownFolders.set(code.folderId, known);
            }
            if (!known) throw new InvalidRequest(`folderId "${code.folderId}" is not a folder of this account.`, 'folderId');
          }
          if (body.shortCode && code.mode === 'dynamic') {
            const first = chosen.get(body.shortCode);
            if (first !== undefined)
              throw new InvalidRequest(`shortCode "${body.shortCode}" is also on row ${first}.`, 'shortCode');
            chosen.set(body.shortCode, rows);
            pending.push({ row: rows, shortCode: body.shortCode });
            if (pending.length >= BATCH) await flush();
          }
          const verdict = await this.scannability(code, body, verdicts);
          if (verdict) throw new InvalidRequest(verdict, 'design');
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          errors.add({ row: rows, field: fieldOf(error), message: error.message });
        }
      }
      await flush();
    } catch (error) {
      if (!(error instanceof FileProblem)) throw error;
      errors.add({ row: 0, field: error.field ?? 'file', message: error.message });
    }
    const cap = effectivePlan(drafting.account.plan, drafting.account).maxCodes;
    if (errors.count === 0 && cap !== null && (await this.deps.repository.countLive(actor.accountId)) + rows > cap) {
      await errors.close();
      return { status: 'failed', reason: `The plan allows ${cap} live codes; archive one or change plan to add more.` };
    }
    await run.setTotal(rows);
    if (errors.count === 0) {
      await errors.close();
      return rows;
    }
    await errors.close();
    return {
      status: 'failed',
      reason: `${errors.count} ${errors.count === 1 ? 'row has' : 'rows have'} errors; nothing was created.`,
      errors: errors.first,
      errorCount: errors.count,
      output: `${run.job.id}.errors.csv`,
    };
  }

  /** Reads the template into the drafting's memory, or names the row's field when the account has none such. */
  private async template(actor: Person, id: string, drafting: Drafting): Promise<void> {
    try {
      await this.deps.codes.templateDesign(actor, id, drafting.templates);
    } catch (error) {
      if (error instanceof NotFound)
        throw new InvalidRequest(`templateId "${id}" is not a template of this account.`, 'templateId');
      throw error;
    }
  }

  /**
   * Whether the design decodes, checked once per design and length of value: a symbol's version, and
   * so its modules, follows from the length of what it encodes, so rows alike share one verdict.
   */
  private async scannability(code: Code, body: CreateCodeInput, verdicts: Map<string, string | null>): Promise<string | null> {
    const length = code.mode === 'static' ? code.destination.length : (body.shortCode?.length ?? GENERATED_LENGTH);
    const key = `${code.mode}:${length}:${body.acceptUnscannable === true}:${JSON.stringify(code.design)}`;
    let verdict = verdicts.get(key);
    if (verdict === undefined) {
      try {
        await this.deps.scannable.assertCode({ ...code, shortCode: body.shortCode ?? null }, body.acceptUnscannable);
        verdict = null;
      } catch (error) {
        if (!(error instanceof InvalidRequest)) throw error;
        verdict = error.message;
      }
      verdicts.set(key, verdict);
    }
    return verdict;
  }

  /** Writes the checked rows in batches from where the job got to, then the file of what was made. */
  private async create(run: JobRun, actor: Person, format: RowFormat, total: number): Promise<JobOutcome> {
    const { job } = run;
    const { codes } = this.deps;
    const drafting: Drafting = { ...(await codes.drafting(actor)), templates: new Map() };
    let batch: { code: Code; shortCode?: string; row: number }[] = [];
    const write = async () => {
      if (batch.length === 0) return;
      const last = batch[batch.length - 1]!.row;
      await this.insert(drafting, batch, (tx) => run.advance(last, tx));
      batch = [];
    };
    for await (const input of readRows(run.input, format)) {
      if (input.row <= job.done) continue;
      if ('error' in input) throw new InvalidRequest(`Row ${input.row} changed since it was checked.`, 'file');
      const body = this.deps.checkRow(input.value);
      const code = { ...(await codes.draft(actor, body, drafting)), id: rowId(job, input.row) };
      batch.push({ code, shortCode: code.mode === 'dynamic' ? body.shortCode : undefined, row: input.row });
      if (batch.length >= BATCH) await write();
    }
    await write();
    await this.writeOutput(run, actor, total);
    return { status: 'succeeded', output: `${job.id}.csv` };
  }

  /** One batch; generated endings that collide are drawn again, a chosen one taken meanwhile fails the job. */
  private async insert(
    drafting: Drafting,
    batch: { code: Code; shortCode?: string; row: number }[],
    within: Parameters<CodesService['insertMany']>[2],
  ) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.deps.codes.insertMany(drafting.account, batch, within);
        return;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const chosen = batch.filter((b) => b.shortCode);
        const taken = await this.deps.endings.taken(
          domainKey(drafting.account.domain),
          chosen.map((b) => b.shortCode!),
        );
        const lost = chosen.find((b) => taken.has(b.shortCode!));
        if (lost)
          throw new InvalidRequest(
            `Row ${lost.row}: shortCode "${lost.shortCode}" was taken after the input was checked.`,
            'shortCode',
          );
        if (attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /** `row,id,name,shortCode,url,encode` for every row, read back by the rows' ids. */
  private async writeOutput(run: JobRun, actor: Person, total: number): Promise<void> {
    const { job } = run;
    const path = run.outputPath('csv');
    const out = stringify({ header: true, columns: ['row', 'id', 'name', 'shortCode', 'url', 'encode'] });
    const file = createWriteStream(`${path}.tmp`);
    out.pipe(file);
    for (let from = 1; from <= total; from += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, total - from + 1) }, (_, i) => from + i);
      const found = new Map(
        (
          await this.deps.repository.findMany(
            actor.accountId,
            rows.map((row) => rowId(job, row)),
          )
        ).map((c) => [c.id, c]),
      );
      for (const row of rows) {
        const code = found.get(rowId(job, row));
        if (!code) continue;
        const url = shortUrl(code, this.deps.publicUrl) ?? '';
        if (!out.write([row, code.id, code.name, code.shortCode ?? '', url, encodeValue(code, this.deps.publicUrl)]))
          await new Promise((resolve) => out.once('drain', resolve));
      }
    }
    out.end();
    await finished(file);
    await rename(`${path}.tmp`, path);
  }
}

const fieldOf = (error: AppError): string => (error instanceof InvalidRequest ? (error.field ?? '') : '');
