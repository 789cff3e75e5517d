import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Design } from '../designs/design.schema.js';
import { ROOT } from '../../root.js';
import { InvalidRequest, TooLarge } from '../../lib/errors.js';
import type { CleanFile, UploadCleaner } from '../media/media.types.js';
import type { ReportFigures, ReportPainter } from '../reports/report.types.js';
import type { ScannabilityReport } from '../symbols/symbol.report.js';
import type { Finding } from '../symbols/symbol.rules.js';
import type { LogoArt } from '../symbols/symbol.scene.js';
import type { SheetLayout } from '../symbols/symbol.sheet-layout.js';
import type { ImageRequest, SheetDesign, SheetItem, SheetPainter, SymbolImage, SymbolPainter } from '../symbols/symbols.types.js';
import type { CheckTask, Outcome, RenderTask, SheetsTask } from './imaging.worker.js';

/** A thread with nothing to do for this long exits, and its libraries' memory with it. */
const IDLE_MS = 60_000;

/**
 * Tasks a pool runs before it is replaced by a fresh one. The raster library's native images are
 * freed only when the garbage collector reaches their small JavaScript handles, which it is in no
 * hurry to do, so a long run of images (a print run) would hold hundreds of megabytes; a new thread
 * starts clean, and the old one ends once its tasks are done.
 */
const TASKS_PER_POOL = 250;

/** A pool with how many tasks it was given and how many it has not finished. */
interface Pool {
  pool: Piscina;
  given: number;
  pending: number;
  /** Resolves the retirement's promise once the pool is destroyed. */
  closed: (() => void) | null;
}

/** The bundled worker module, or, run from the TypeScript sources (the tests), a loader that compiles it. */
const WORKER = import.meta.url.endsWith('.ts') ? 'catalog/imaging/imaging.worker-source.mjs' : 'imaging.worker.js';

/**
 * Rendering, rasterising, PDF and label sheets, analytics reports, the scannability decode and upload sanitising, on
 * worker threads: the serving thread keeps answering while an image is made, and loads none of the
 * image libraries. Threads start on the first task (or `warmUp`), one fewer than the cores (at least
 * one), and exit when idle; a pool is replaced after a few hundred tasks.
 */
export class Imaging implements SymbolPainter, SheetPainter, UploadCleaner, ReportPainter {
  private current: Pool | undefined;
  /** Replaced pools still finishing their tasks, each closing once it has none left. */
  private readonly retiring = new Set<Promise<void>>();

  /** `tasksPerPool`: how many tasks a pool is given before a fresh one replaces it. */
  constructor(private readonly tasksPerPool = TASKS_PER_POOL) {}

  private run<T>(name: string, task: unknown): Promise<T> {
    if (this.current && this.current.given >= this.tasksPerPool) this.retire(this.current);
    this.current ??= {
      pool: new Piscina({
        filename: fileURLToPath(new URL(WORKER, ROOT)),
        minThreads: 0,
        maxThreads: Math.max(1, availableParallelism() - 1),
        idleTimeout: IDLE_MS,
      }),
      given: 0,
      pending: 0,
      closed: null,
    };
    const entry = this.current;
    entry.given += 1;
    entry.pending += 1;
    return (entry.pool.run(task, { name }) as Promise<T>).finally(() => {
      entry.pending -= 1;
      if (entry !== this.current && entry.pending === 0) this.closeRetired(entry);
    });
  }

  /** Stops giving `entry` tasks; it closes once those it was given are done (piscina's close would drop its queue). */
  private retire(entry: Pool): void {
    this.current = undefined;
    const done = new Promise<void>((resolve) => (entry.closed = resolve));
    this.retiring.add(done);
    void done.finally(() => this.retiring.delete(done));
    if (entry.pending === 0) this.closeRetired(entry);
  }

  private closeRetired(entry: Pool): void {
    const closing = entry.pool.destroy();
    void closing.finally(() => entry.closed?.());
  }

  private async settle<T>(name: string, task: unknown): Promise<T> {
    const outcome = await this.run<Outcome<T>>(name, task);
    if ('value' in outcome) return outcome.value;
    const { message, field, tooLarge } = outcome.refused;
    throw tooLarge ? new TooLarge(message, field) : new InvalidRequest(message, field);
  }

  renderImage(value: string, design: Design, request: ImageRequest, name: string, art: LogoArt | null): Promise<SymbolImage> {
    return this.settle('render', { value, design, request, name, art } satisfies RenderTask);
  }

  checkDesign(value: string, design: Design, extra: Finding[] = [], art?: LogoArt): Promise<ScannabilityReport> {
    return this.settle('check', { value, design, extra, art } satisfies CheckTask);
  }

  /** Label sheets written to `path` on a thread (the file is whole once this resolves); 400 for a grid that does not fit. */
  drawSheets(designs: SheetDesign[], items: SheetItem[], layout: SheetLayout, path: string): Promise<{ pages: number }> {
    return this.settle('sheets', { designs, items, layout, path } satisfies SheetsTask);
  }

  /** An analytics report as a one-page A4 PDF. */
  drawReport(figures: ReportFigures): Promise<Uint8Array> {
    return this.run('report', figures);
  }

  /** The upload's type from its bytes and the bytes made safe to serve (a Buffer again on this side). */
  async cleanFile(bytes: Buffer): Promise<CleanFile> {
    const clean = await this.settle<CleanFile>('clean', bytes);
    return { ...clean, bytes: Buffer.from(clean.bytes.buffer, clean.bytes.byteOffset, clean.bytes.byteLength) };
  }

  /** Starts a thread and checks a plain symbol on it, so the first image request finds the libraries loaded. */
  warmUp(): Promise<boolean> {
    return this.run<boolean>('warmUp', undefined);
  }

  async close(): Promise<void> {
    const last = this.current;
    this.current = undefined;
    await Promise.all([last?.pool.destroy(), ...this.retiring]);
  }
}
