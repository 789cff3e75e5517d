import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Design } from '../designs/design.schema.js';
import { ROOT } from '../../root.js';
import { InvalidRequest, TooLarge } from '../../lib/errors.js';
import type { CleanFile, UploadCleaner } from '../media/media.types.js';
import type { ScannabilityReport } from '../symbols/symbol.report.js';
import type { Finding } from '../symbols/symbol.rules.js';
import type { LogoArt } from '../symbols/symbol.scene.js';
import type { SheetLayout } from '../symbols/symbol.sheet-layout.js';
import type { ImageRequest, SheetDesign, SheetItem, SheetPainter, SymbolImage, SymbolPainter } from '../symbols/symbols.types.js';
import type { CheckTask, Outcome, RenderTask, SheetsTask } from './imaging.worker.js';

/** A thread with nothing to do for this long exits, and its libraries' memory with it. */
const IDLE_MS = 60_000;

/** The bundled worker module, or, run from the TypeScript sources (the tests), a loader that compiles it. */
const WORKER = import.meta.url.endsWith('.ts') ? 'catalog/imaging/imaging.worker-source.mjs' : 'imaging.worker.js';

/**
 * Rendering, rasterising, PDF and label sheets, the scannability decode and upload sanitising, on
 * worker threads: the serving thread keeps answering while an image is made, and loads none of the
 * image libraries. Threads start on the first task (or `warmUp`), one fewer than the cores (at least
 * one), and exit when idle.
 */
export class Imaging implements SymbolPainter, SheetPainter, UploadCleaner {
  private pool: Piscina | undefined;

  private run<T>(name: string, task: unknown): Promise<T> {
    this.pool ??= new Piscina({
      filename: fileURLToPath(new URL(WORKER, ROOT)),
      minThreads: 0,
      maxThreads: Math.max(1, availableParallelism() - 1),
      idleTimeout: IDLE_MS,
    });
    return this.pool.run(task, { name }) as Promise<T>;
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
    await this.pool?.destroy();
    this.pool = undefined;
  }
}
