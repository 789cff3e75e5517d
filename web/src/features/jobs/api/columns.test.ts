import { describe, expect, it } from 'vitest';
import { canonicalCsv } from './bulk-file';
import { fieldLabel, guessMapping, messageFor } from './columns';

describe('matching a file’s columns to the fields', () => {
  it('guesses from names people use, exact names first, each column once', () => {
    expect(guessMapping(['Title', 'Link', 'Notes'])).toEqual({
      name: 0,
      url: 1,
      mode: null,
      shortCode: null,
      folderId: null,
      templateId: null,
    });
    expect(guessMapping(['url', 'name', 'Short_Code', 'Folder', 'template'])).toMatchObject({
      name: 1,
      url: 0,
      shortCode: 2,
      folderId: 3,
      templateId: 4,
    });
    expect(guessMapping(['Product name', 'Landing page URL', 'Content type'])).toMatchObject({ name: 0, url: 1, mode: null });
    expect(guessMapping(['Destination', 'Destination URL'])).toMatchObject({ url: 0 });
  });

  it('re-writes the rows under the service’s header, folders and templates named by id, nothing altered', () => {
    const file = {
      name: 'x.csv',
      header: ['Title', 'Link', 'Group', 'Kind'],
      rows: [
        ['=Total, "best"', ' https://example.com/a ', 'posters', 'Static'],
        ['-minus', 'https://example.com/b', 'unknown', ''],
      ],
    };
    const csv = canonicalCsv(
      file,
      { name: 0, url: 1, mode: 3, shortCode: null, folderId: 2, templateId: null },
      { folders: [{ id: 'f-1', name: 'Posters' }], templates: [] },
    );
    expect(csv).toBe(
      'name,url,mode,folderId\r\n"=Total, ""best""",https://example.com/a,static,f-1\r\n-minus,https://example.com/b,,unknown\r\n',
    );
  });

  it('names the field as the page does, in the message too', () => {
    expect(fieldLabel('url')).toBe('Destination');
    expect(fieldLabel('shortCode')).toBe('Ending');
    expect(fieldLabel('')).toBe('Row');
    expect(messageFor('shortCode', 'shortCode "spring" is also on row 1.')).toBe('Ending "spring" is also on row 1.');
    expect(messageFor('url', 'url must not contain spaces or control characters.')).toBe(
      'Destination must not contain spaces or control characters.',
    );
    expect(messageFor('', 'The row has 3 fields; the header has 2.')).toBe('The row has 3 fields; the header has 2.');
  });
});
