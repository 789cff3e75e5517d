import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** The text files worth compressing; images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json)$/;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Every file under `dir`, as paths joined to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `file.br` (brotli, highest quality) and `file.gz` (gzip level 9) beside `file` when smaller than it. */
async function precompress(file: string): Promise<void> {
  const bytes = await readFile(file);
  const variants: [string, Buffer][] = [
    [
      '.br',
      await brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    ],
    ['.gz', await gz(bytes, { level: constants.Z_BEST_COMPRESSION })],
  ];
  // A variant no smaller than the file is left out: the server then sends the file itself.
  await Promise.all(
    variants.filter(([, packed]) => packed.length < bytes.length).map(([ext, packed]) => writeFile(file + ext, packed)),
  );
}

/**
 * Once `vite build` has written the dashboard, writes a brotli and a gzip copy beside each text file,
 * so the server sends them as they are (@fastify/static's preCompressed) and compresses nothing per
 * request (ADR 0085).
 */
export function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'qrelay-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!existsSync(outDir)) return;
      const files = (await filesUnder(outDir)).filter((file) => TEXT.test(file));
      await Promise.all(files.map(precompress));
    },
  };
}
