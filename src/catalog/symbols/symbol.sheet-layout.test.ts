import { describe, expect, it } from 'vitest';
import { InvalidRequest } from '../../lib/errors.js';
import { sheetGeometry, type SheetLayout } from './symbol.sheet-layout.js';

const LABELS: SheetLayout = { paper: 'A4', columns: 3, rows: 8, marginMm: 10, gapMm: 4, caption: 'name' };

/** The refusal `sheetGeometry` throws for `layout`. */
function refusal(layout: SheetLayout): InvalidRequest {
  try {
    sheetGeometry(layout);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequest);
    return error as InvalidRequest;
  }
  throw new Error(`expected ${JSON.stringify(layout)} to be refused`);
}

describe('the geometry of a label sheet', () => {
  it('divides the paper within its margins into cells, the symbol above a caption line of at least 4 mm', () => {
    const geometry = sheetGeometry(LABELS);
    expect(geometry).toMatchObject({ pageWidthMm: 210, pageHeightMm: 297, captionMm: 4, perPage: 24 });
    expect(geometry.cellWidthMm).toBeCloseTo((210 - 20 - 2 * 4) / 3, 9);
    expect(geometry.cellHeightMm).toBeCloseTo((297 - 20 - 7 * 4) / 8, 9);
    expect(geometry.symbolMm).toBeCloseTo(geometry.cellHeightMm - 4, 9);
  });

  it('gives the caption line to the symbol when there is no caption, and grows the line with large cells', () => {
    const bare = sheetGeometry({ ...LABELS, caption: 'none' });
    expect(bare.captionMm).toBe(0);
    expect(bare.symbolMm).toBeCloseTo(bare.cellHeightMm, 9);
    const poster = sheetGeometry({ ...LABELS, columns: 1, rows: 1, marginMm: 0, gapMm: 0 });
    expect(poster).toMatchObject({ cellWidthMm: 210, cellHeightMm: 297, captionMm: 8, symbolMm: 210, perPage: 1 });
  });

  it('sizes Letter as 215.9 × 279.4 mm', () => {
    const letter = sheetGeometry({ ...LABELS, paper: 'Letter' });
    const a4 = sheetGeometry(LABELS);
    expect(letter).toMatchObject({ pageWidthMm: 215.9, pageHeightMm: 279.4 });
    expect(letter.cellWidthMm).toBeGreaterThan(a4.cellWidthMm);
    expect(letter.cellHeightMm).toBeCloseTo((279.4 - 20 - 7 * 4) / 8, 9);
  });

  it('takes a grid whose symbols come out exactly 10 mm', () => {
    // 19 columns of 10 mm across 210 mm with 10 mm margins and no gap: 190 mm exactly.
    expect(sheetGeometry({ ...LABELS, columns: 19, gapMm: 0 }).cellWidthMm).toBeCloseTo(10, 9);
  });

  it('refuses too many columns for the paper, naming sheet.columns and saying what would fit', () => {
    const error = refusal({ ...LABELS, columns: 20 });
    expect(error.field).toBe('sheet.columns');
    expect(error.message).toMatch(/^20 columns do not fit across A4 \(210 mm\) with 10 mm margins and 4 mm gaps/);
    expect(error.message).toContain('each symbol would be 5.7 mm wide');
    expect(error.message).toContain('At most 13 columns fit');
    // Every way out it offers does fit.
    expect(sheetGeometry({ ...LABELS, columns: 13 }).symbolMm).toBeGreaterThanOrEqual(10);
  });

  it('offers narrower gaps or margins when those would make the grid fit', () => {
    const error = refusal({ ...LABELS, rows: 19, gapMm: 1 });
    expect(error.field).toBe('sheet.rows');
    expect(error.message).toContain('9.6 mm tall above its 4 mm caption');
    expect(error.message).toContain(
      'At most 18 rows fit; or 19 rows fit with gaps of at most 0.6 mm; or 19 rows fit with margins of at most 6.5 mm.',
    );
    expect(sheetGeometry({ ...LABELS, rows: 19, gapMm: 0.6 }).symbolMm).toBeGreaterThanOrEqual(10);
    expect(sheetGeometry({ ...LABELS, rows: 19, gapMm: 1, marginMm: 6.5 }).symbolMm).toBeGreaterThanOrEqual(10);
  });

  it('counts the caption line in the height a row needs', () => {
    // 20 rows down 277 mm: 13.85 mm each, a symbol of 9.85 mm above a caption, 13.85 mm without.
    expect(refusal({ ...LABELS, rows: 20, gapMm: 0 }).field).toBe('sheet.rows');
    expect(sheetGeometry({ ...LABELS, rows: 20, gapMm: 0, caption: 'none' }).symbolMm).toBeCloseTo(13.85, 9);
  });

  it('says when gaps leave no room at all', () => {
    expect(refusal({ ...LABELS, rows: 40, gapMm: 50 }).message).toContain('no room is left for a symbol');
  });

  it('refuses values out of bounds, naming the field', () => {
    expect(refusal({ ...LABELS, columns: 0 })).toMatchObject({
      field: 'sheet.columns',
      message: 'sheet.columns must be a whole number from 1 to 20.',
    });
    expect(refusal({ ...LABELS, columns: 2.5 }).field).toBe('sheet.columns');
    expect(refusal({ ...LABELS, rows: 41 })).toMatchObject({
      field: 'sheet.rows',
      message: 'sheet.rows must be a whole number from 1 to 40.',
    });
    expect(refusal({ ...LABELS, marginMm: -1 })).toMatchObject({
      field: 'sheet.marginMm',
      message: 'sheet.marginMm must be 0 to 50 (mm).',
    });
    expect(refusal({ ...LABELS, gapMm: 50.5 }).field).toBe('sheet.gapMm');
    expect(refusal({ ...LABELS, gapMm: Number.NaN }).field).toBe('sheet.gapMm');
    expect(refusal({ ...LABELS, paper: 'A3' as 'A4' }).field).toBe('sheet.paper');
    expect(refusal({ ...LABELS, caption: 'title' as 'name' }).field).toBe('sheet.caption');
  });
});
