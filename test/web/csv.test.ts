import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../web/src/lib/csv-text.js';

describe("the dashboard's CSV export", () => {
  it('quotes what needs quoting and keeps numbers and empty cells as they are', () => {
    expect(toCsv([['code', 'scans'], ['Spring, "big" poster', 12], [null, 0], []])).toBe(
      'code,scans\r\n"Spring, ""big"" poster",12\r\n,0\r\n\r\n',
    );
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('never lets a spreadsheet read a text cell as a formula', () => {
    for (const text of ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tx']) expect(csvCell(text)).toMatch(/^"?'/);
    expect(csvCell(-3)).toBe('-3');
  });
});
