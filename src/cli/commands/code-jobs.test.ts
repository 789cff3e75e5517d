import { expect, it } from 'vitest';
import { errorLine } from './code-jobs.js';

it('tells each bad row of an import as "row N, field: message", the file itself without a row', () => {
  expect(errorLine({ row: 3, field: 'url', message: 'url must be an http or https address.' })).toBe(
    'row 3, url: url must be an http or https address.',
  );
  expect(errorLine({ row: 9, field: '', message: 'The row has 2 fields; the header has 4.' })).toBe(
    'row 9: The row has 2 fields; the header has 4.',
  );
  expect(errorLine({ row: 0, field: 'file', message: 'The file is empty.' })).toBe('the file: The file is empty.');
  expect(errorLine({ row: 0, field: 'colour', message: 'The header has an unknown column "colour".' })).toBe(
    'the file, colour: The header has an unknown column "colour".',
  );
});
