import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { readDraft, startDraft } from './print-options';
import { runErrors } from './run-errors';
import { CAPTION_MM, sheetLayout } from './sheet-layout';

describe('label sheets', () => {
  it('sizes the symbol by the cell’s width or its height less the caption, whichever is less', () => {
    const a4 = sheetLayout({ paper: 'A4', columns: 3, rows: 8, marginMm: 10, gapMm: 4, caption: 'name' });
    expect(a4.cell.width).toBeCloseTo((210 - 20 - 8) / 3);
    expect(a4.cell.height).toBeCloseTo((297 - 20 - 28) / 8);
    expect(a4.symbol).toBeCloseTo((297 - 20 - 28) / 8 - CAPTION_MM);
    expect(a4.limitedBy).toBe('rows');
    expect(a4.cells).toHaveLength(24);
    expect(a4.cells[4]).toEqual({ x: 10 + a4.cell.width + 4, y: 10 + a4.cell.height + 4 });
    const wide = sheetLayout({ paper: 'Letter', columns: 20, rows: 2, marginMm: 0, gapMm: 0, caption: 'none' });
    expect(wide.symbol).toBeCloseTo(215.9 / 20);
    expect(wide.limitedBy).toBe('columns');
  });

  it('reads the typed options, saying beside each field what is out of bounds', () => {
    expect(readDraft({ ...startDraft(), sheets: true }).sheet).toEqual({
      paper: 'A4',
      columns: 3,
      rows: 8,
      marginMm: 10,
      gapMm: 4,
      caption: 'name',
    });
    const bad = readDraft({
      ...startDraft(),
      sheets: true,
      columns: '21',
      gapMm: '2.5',
      size: { svg: '1024', png: '50', pdf: '50' },
    });
    expect(bad.sheet).toBeNull();
    expect(bad.problems).toEqual({
      columns: 'Choose a whole number from 1 to 20.',
      size: 'Choose a whole number from 64 to 4096 px.',
    });
  });

  it('puts a refusal beside the field it names', () => {
    const refusal = (message: string) => runErrors(new ApiError(400, 'invalid_request', message));
    expect(refusal('body.sheet.columns must be <= 20').field).toEqual({ 'sheet.columns': 'sheet.columns must be <= 20' });
    expect(refusal('The symbols would be 8 mm wide: use fewer sheet.columns.').field).toHaveProperty('sheet.columns');
    expect(refusal('size must be 10 to 1000 mm for pdf.').field).toHaveProperty('size');
    expect(refusal('Send exactly one of codeIds, folderId or jobId.')).toEqual({
      field: {},
      form: 'Send exactly one of codeIds, folderId or jobId.',
    });
  });
});
