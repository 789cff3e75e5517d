import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestRunner } from 'vitest';

/**
 * Decoders independent of the product's own (ZXing): zbarimg from Debian's zbar-tools, pdftoppm and
 * pdftotext from poppler-utils. Without one, the test that needs it stops there and counts as skipped, and the
 * run's closing lines say which tool was missing; with TEST_REQUIRE_ALL=1 (CI) the run refuses to start.
 */
function tool(name: string, apt: string): string {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  const test = TestRunner.getCurrentTest();
  if (!test || process.env.TEST_REQUIRE_ALL === '1') throw new Error(`${name} is required by this test: apt-get install ${apt}`);
  return test.context.skip(`${name} is not installed (apt-get install ${apt})`);
}

export const scratchDir = () => mkdtempSync(join(tmpdir(), 'qrelay-symbols-'));

/** The QR texts zbarimg finds in each file (an empty list when none), in one process for all files. */
export function zbarDecode(files: string[]): Map<string, string[]> {
  const zbarimg = tool('zbarimg', 'zbar-tools');
  const result = new Map<string, string[]>(files.map((f) => [f, []]));
  for (let i = 0; i < files.length; i += 200) {
    const batch = files.slice(i, i + 200);
    // Exit status 4 means "no symbol found" in some file: the XML still reports every file.
    const run = spawnSync(zbarimg, ['--xml', '-q', '-Sdisable', '-Sqrcode.enable', ...batch], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== 0 && run.status !== 4) throw new Error(`zbarimg failed (${run.status}): ${run.stderr}`);
    for (const source of run.stdout.split('<source href=').slice(1)) {
      const href = /^'([^']*)'/.exec(source)?.[1] ?? /^"([^"]*)"/.exec(source)?.[1];
      if (href === undefined) continue;
      const texts = [...source.matchAll(/<data><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g)].map((m) => m[1] ?? '');
      result.set(href, texts);
    }
  }
  return result;
}

export function zbarDecodeOne(bytes: Uint8Array, name = 'symbol.png'): string[] {
  const file = join(scratchDir(), name);
  writeFileSync(file, bytes);
  return zbarDecode([file]).get(file) ?? [];
}

/** The first page of a PDF rasterised by poppler at `dpi`, as PNG bytes' file path. */
export function pdfToPng(pdf: Uint8Array, dpi = 300): string {
  const pdftoppm = tool('pdftoppm', 'poppler-utils');
  const dir = scratchDir();
  writeFileSync(join(dir, 'in.pdf'), pdf);
  execFileSync(pdftoppm, ['-r', String(dpi), '-png', '-singlefile', join(dir, 'in.pdf'), join(dir, 'page')]);
  return join(dir, 'page.png');
}

/** The text poppler extracts from a PDF, as a reader's search or copy would see it. */
export function pdfText(pdf: Uint8Array): string {
  const pdftotext = tool('pdftotext', 'poppler-utils');
  const file = join(scratchDir(), 'in.pdf');
  writeFileSync(file, pdf);
  return execFileSync(pdftotext, [file, '-'], { encoding: 'utf8' });
}
