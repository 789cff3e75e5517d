import QRCode from 'qrcode';

export type ErrorCorrection = 'L' | 'M' | 'Q' | 'H';

/** The modules of a QR symbol (no quiet zone): `dark(row, col)`; the encoding itself is `qrcode`'s. */
export interface Matrix {
  size: number;
  version: number;
  dark(row: number, col: number): boolean;
}

export function qrMatrix(value: string, errorCorrection: ErrorCorrection): Matrix {
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
