import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import { InvalidRequest, NotFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import {
  assertCan,
  type Job,
  type JobOutcome,
  type JobRun,
  type JobsService,
  type JobWork,
  type Person,
} from '../../platform/index.js';
import type { SymbolsService } from '../codes/symbols.service.js';
import type { CodesRepository } from '../codes/store/codes.repository.js';
import type { Code } from '../codes/codes.types.js';
import { encodeValue } from '../endings/short-address.js';
import type { FoldersRepository } from '../folders/store/folders.repository.js';
import type { LogoArt } from '../symbols/symbol.scene.js';
import { sheetGeometry, type SheetLayout } from '../symbols/symbol.sheet-layout.js';
import { IMAGE_SIZE, type ImageFormat, type SheetDesign, type SheetItem, type SheetPainter } from '../symbols/symbols.types.js';
import { ZipWriter } from './zip-writer.js';

/** Codes drawn at once: enough to keep every imaging thread busy, few enough to hold their images. */
const CHUNK = 32;
/** The most codes a print run names one by one (a folder or a bulk job may hold more). */
export const PRINT_RUN_MAX_IDS = 10_000;

export interface PrintRunInput {
  codeIds?: string[];
  folderId?: string;
  jobId?: string;
  format: ImageFormat;
  size?: number;
  /** Label sheets (`sheets.pdf`) besides the images. */
  sheet?: SheetLayout;
}

export interface PrintRunsDeps {
  jobs: JobsService;
  codes: CodesRepository;
  folders: FoldersRepository;
  symbols: SymbolsService;
  sheets: SheetPainter;
  publicUrl: string;
}

/**
 * Print runs: a set of codes drawn in one format, every symbol decoded before it is packed, into a
 * ZIP streamed to disk with `manifest.csv` and, when asked, vector label sheets (`sheets.pdf`). A run stopped midway starts again from the first code
 * (it writes only its own file).
 */
export class PrintRuns implements JobWork {
  constructor(private readonly deps: PrintRunsDeps) {}

  /** Queues a print run after checking what can be checked at once (the source, the size). */
  async start(actor: Person, input: PrintRunInput, idempotencyKey?: string): Promise<Job> {
    assertCan(actor, 'content:read');
    const sources = [input.codeIds, input.folderId, input.jobId].filter((s) => s !== undefined).length;
    if (sources !== 1) throw new InvalidRequest('Send exactly one of codeIds, folderId or jobId.', 'codeIds');
    if (input.codeIds?.length === 0) throw new InvalidRequest('codeIds must name at least one code.', 'codeIds');
    const bounds = IMAGE_SIZE[input.format];
    if (input.size !== undefined && (input.size < bounds.min || input.size > bounds.max))
      throw new InvalidRequest(`size must be ${bounds.min} to ${bounds.max} ${bounds.unit} for ${input.format}.`, 'size');
    if (input.sheet) sheetGeometry(input.sheet);
    if (input.folderId !== undefined) {
      if (!isId(input.folderId) || !(await this.deps.folders.findInAccount(actor.accountId, input.folderId)))
        throw new NotFound('folder');
    }
    if (input.jobId !== undefined) {
      const job = await this.deps.jobs.get(actor, input.jobId);
      if (job.kind !== 'bulk' || job.status !== 'succeeded' || job.output === null)
        throw new InvalidRequest('jobId must be a bulk job that has succeeded.', 'jobId');
    }
    return this.deps.jobs.start(
      actor,
      'export',
      { ...input, codeIds: input.codeIds && [...new Set(input.codeIds)] },
      { idempotencyKey },
    );
  }

  async run(run: JobRun): Promise<JobOutcome> {
    const { job } = run;
    const input = job.params as unknown as PrintRunInput;
    const ids = await this.idsOf(job, input);
    await run.setTotal(ids.length);
    const zip = new ZipWriter(run.outputPath('zip'));
    const manifestPath = run.outputPath('manifest.csv');
    const manifest = stringify({ header: true, columns: ['id', 'name', 'encode', 'file', 'decoded'] });
    const manifestFile = createWriteStream(manifestPath);
    manifest.pipe(manifestFile);
    const names = new Set<string>();
    const logos = new Map<string, Promise<LogoArt | null>>();
    const sheetsPath = run.outputPath('sheets.pdf');
    const labels = new Labels(input.sheet?.caption ?? 'none');
    try {
      for (let from = 0; from < ids.length; from += CHUNK) {
        run.checkpoint();
        const chunk = ids.slice(from, from + CHUNK);
        const found = new Map((await this.deps.codes.findMany(job.accountId, chunk)).map((c) => [c.id, c]));
        const codes = chunk.map((id) => {
          const code = found.get(id);
          if (!code) throw new InvalidRequest(`Code ${id} is not a code of this account.`, 'codeIds');
          return code;
        });
        const images = await Promise.all(
          codes.map(async (code) => {
            const key = code.design.logo?.url ?? '';
            if (!logos.has(key)) logos.set(key, this.deps.symbols.logoFor(job.accountId, code.design));
            return this.deps.symbols.exportImage(code, { format: input.format, size: input.size }, await logos.get(key)!);
          }),
        );
        for (const [i, image] of images.entries()) {
          const code = codes[i]!;
          if (!image.report.scannable) {
            const causes = image.report.findings
              .filter((f) => f.severity === 'fail')
              .map((f) => f.message)
              .join(' ');
            throw new InvalidRequest(`Code "${code.name}" (${code.id}) does not decode: ${causes}`, 'codeIds');
          }
          const file = this.fileName(code, input.format, names);
          await zip.add(image.body, file, input.format === 'svg');
          const value = encodeValue(code, this.deps.publicUrl);
          manifest.write([code.id, code.name, value, file, 'yes']);
          if (input.sheet) labels.add(code, value, await logos.get(code.design.logo?.url ?? '')!);
        }
        await run.advance(Math.min(from + CHUNK, ids.length));
      }
      manifest.end();
      await finished(manifestFile);
      zip.addFile(manifestPath, 'manifest.csv', true);
      if (input.sheet) {
        run.checkpoint();
        await this.deps.sheets.drawSheets(labels.designs, labels.items, input.sheet, sheetsPath);
        zip.addFile(sheetsPath, 'sheets.pdf', false);
      }
      await zip.close();
      return { status: 'succeeded', output: `${job.id}.zip` };
    } catch (error) {
      manifest.destroy();
      await zip.abort();
      throw error;
    } finally {
      await rm(manifestPath, { force: true });
      await rm(sheetsPath, { force: true });
    }
  }

  /** `<shortCode or id>.<format>`, made unique within the archive. */
  private fileName(code: Code, format: ImageFormat, names: Set<string>): string {
    let name = `${code.shortCode ?? code.id}.${format}`;
    if (names.has(name.toLowerCase())) name = `${code.shortCode ?? code.id}-${code.id.slice(-8)}.${format}`;
    names.add(name.toLowerCase());
    return name;
  }

  /** The codes of the run, in order: as named, the folder's by name, or the bulk job's by row. */
  private async idsOf(job: Job, input: PrintRunInput): Promise<string[]> {
    if (input.codeIds) return input.codeIds;
    if (input.folderId) return this.deps.codes.liveInFolder(job.accountId, input.folderId);
    const bulk = await this.deps.jobs.find(job.accountId, input.jobId!);
    if (!bulk?.output) throw new InvalidRequest('The bulk job and its file are gone (jobs are kept for a few days).', 'jobId');
    const ids: string[] = [];
    const rows = createReadStream(this.deps.jobs.files.path(bulk.output)).pipe(parse({ columns: true }));
    for await (const row of rows as AsyncIterable<{ id: string }>) ids.push(row.id);
    return ids;
  }
}

/** A print run's labels for its sheets: each code's value and caption, its design stored once however many codes share it. */
class Labels {
  readonly designs: SheetDesign[] = [];
  readonly items: SheetItem[] = [];
  private readonly index = new Map<string, number>();

  constructor(private readonly caption: SheetLayout['caption']) {}

  add(code: Code, value: string, art: LogoArt | null): void {
    const key = JSON.stringify(code.design);
    let design = this.index.get(key);
    if (design === undefined) {
      design = this.designs.push({ design: code.design, art }) - 1;
      this.index.set(key, design);
    }
    const caption = this.caption === 'name' ? code.name : this.caption === 'shortCode' ? (code.shortCode ?? code.name) : '';
    this.items.push({ value, design, caption });
  }
}
