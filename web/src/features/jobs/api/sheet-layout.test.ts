import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { readDraft, startDraft } from './print-options';
import { runErrors } from './run-errors';
import { sheetPage } from './sheet-layout';

describe('label sheets', () => {
  it('measures a page with the service’s own layout: symbol and caption, or why the grid does not fit', () => {
    const a4 = sheetPage({ paper: 'A4', columns: 3, rows: 8, marginMm: 10, gapMm: 4, caption: 'name' });
    expect(a4.cell.width).toBeCloseTo((210 - 20 - 8) / 3);
    expect(a4.cell.height).toBeCloseTo((297 - 20 - 28) / 8);
    expect(a4.cells).toHaveLength(24);
    expect(a4.cells[4]).toEqual({ x: 10 + a4.cell.width + 4, y: 10 + a4.cell.height + 4 });
    // The caption's line is a tenth of the cell's shorter side, at least 4 mm.
    expect(a4.geometry).toMatchObject({ captionMm: 4, perPage: 24 });
    expect(a4.geometry!.symbolMm).toBeCloseTo((297 - 20 - 28) / 8 - 4);
    expect(a4.refusal).toBeNull();
    const fine = sheetPage({ paper: 'A4', columns: 15, rows: 2, marginMm: 10, gapMm: 4, caption: 'none' });
    expect(fine.geometry).toBeNull();
    expect(fine.refusal).toEqual({ field: 'sheet.columns', message: expect.stringMatching(/^15 columns do not fit across A4/) });
    expect(fine.cells).toHaveLength(30);
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
