import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../../root.js';

/**
 * Files the server-side exports read from disk, never from the network: the frame font (DejaVu Sans
 * Bold, shipped in `assets/fonts/` at the project's root) and ZXing's WebAssembly decoder (from `zxing-wasm`).
 */
const require = createRequire(import.meta.url);

export const FRAME_FONT_FILE = fileURLToPath(new URL('../assets/fonts/DejaVuSans-Bold.ttf', ROOT));
export const DECODER_WASM_FILE = require.resolve('zxing-wasm/reader/zxing_reader.wasm');

let font: Uint8Array | undefined;
export const frameFontBytes = (): Uint8Array => (font ??= readFileSync(FRAME_FONT_FILE));
