import { readFile } from 'node:fs/promises';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import { DECODER_WASM_FILE } from './symbol.assets.js';

/** ZXing's C++ decoder compiled to WebAssembly, loaded once from the installed package file. */
let ready: Promise<unknown> | undefined;
function prepare(): Promise<unknown> {
  ready ??= readFile(DECODER_WASM_FILE).then((bytes) =>
    prepareZXingModule({
      overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer },
      fireImmediately: true,
    }),
  );
  return ready;
}

/**
 * Like a phone's scanner: QR only, no inverted-image retry (many scanners do not retry), the
 * first symbol found.
 */
const OPTIONS: ReaderOptions = {
  formats: ['QRCode'],
  tryHarder: true,
  tryInvert: false,
  tryRotate: false,
  maxNumberOfSymbols: 1,
};

/** The text of the QR symbol in an RGBA image, or null when none decodes. */
export async function decodeQr(image: { width: number; height: number; pixels: Uint8Array }): Promise<string | null> {
  await prepare();
  const data = new Uint8ClampedArray(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength);
  const [found] = await readBarcodes(
    { data, width: image.width, height: image.height, colorSpace: 'srgb' } as unknown as Parameters<typeof readBarcodes>[0],
    OPTIONS,
  );
  return found && found.isValid ? found.text : null;
}
