import QRCode from 'qrcode';

export type ErrorCorrection = 'L' | 'M' | 'Q' | 'H';

/** The modules of a QR symbol (no quiet zone): `dark(row, col)`; the encoding itself is `qrcode`'s. */
export interface Matrix {
  size: number;
  version: number;
  dark(row: number, col: number): boolean;
}

/**
 * Matrices recently encoded, by level and value: encoding (the mask search above all) is the costliest
 * part of drawing a symbol, and one image needs the same matrix for its layout, its drawing and its
 * check. A matrix is immutable, so sharing one is safe; the map is bounded (oldest entry dropped first).
 */
const recent = new Map<string, Matrix>();
const RECENT_MAX = 64;

export function qrMatrix(value: string, errorCorrection: ErrorCorrection): Matrix {
  const key = `${errorCorrection}${value}`;
  const known = recent.get(key);
  if (known) return known;
  const matrix = encodeMatrix(value, errorCorrection);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
  recent.set(key, matrix);
  return matrix;
}

function encodeMatrix(value: string, errorCorrection: ErrorCorrection): Matrix {
  const symbol = QRCode.create(value, { errorCorrectionLevel: errorCorrection });
  const { size, data } = symbol.modules;
  return {
    size,
    version: symbol.version,
    dark: (row, col) => row >= 0 && col >= 0 && row < size && col < size && data[row * size + col] === 1,
  };
}

/** Whether (row, col) is one of the three 7×7 finder patterns, which the renderer draws as a whole. */
export function inFinder(size: number, row: number, col: number): boolean {
  const near = (v: number) => v < 7;
  const far = (v: number) => v >= size - 7;
  return (near(row) && near(col)) || (near(row) && far(col)) || (far(row) && near(col));
}

/** Top-left module of each finder pattern. */
export function finderOrigins(size: number): Array<[number, number]> {
  return [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ];
}
