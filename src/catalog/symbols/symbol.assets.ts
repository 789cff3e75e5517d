import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Files the server-side exports read from installed packages, never from the network: the frame
 * font (DejaVu Sans Bold, from `dejavu-fonts-ttf`) and ZXing's WebAssembly decoder (from `zxing-wasm`).
 */
const require = createRequire(import.meta.url);

export const FRAME_FONT_FILE = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
export const DECODER_WASM_FILE = require.resolve('zxing-wasm/reader/zxing_reader.wasm');

let font: Uint8Array | undefined;
export const frameFontBytes = (): Uint8Array => (font ??= readFileSync(FRAME_FONT_FILE));
