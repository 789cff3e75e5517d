import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCount, parseDate, parseShortAddress, splitTags, tagList } from './fields.js';

describe('parseShortAddress', () => {
  it.each([
    ['https://bit.ly/3abc', 'bit.ly', '3abc'],
    ['bit.ly/3abc', 'bit.ly', '3abc'],
    ['http://Go.Acme.TEST./Spring/', 'go.acme.test', 'Spring'],
    ['https://s.test/spring/2023?x=1#top', 's.test', 'spring/2023'],
    ['https://s.test:8080/caf%C3%A9', 's.test', 'café'],
    ['https://go.acme.test', 'go.acme.test', null],
    ['https://bücher.example/x', 'xn--bcher-kva.example', 'x'],
  ])('%s → %s and %s', (address, domain, shortCode) => {
    expect(parseShortAddress(address)).toEqual({ domain, shortCode });
  });

  it.each([[null], [''], ['   '], ['mailto:a@b.test'], ['https://'], ['ftp://x.test/a']])('has nothing in %j', (address) => {
    expect(parseShortAddress(address)).toEqual({ domain: null, shortCode: null });
  });

  it('gives back the ending of any address built from a host and an ending', () => {
    const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}[a-z0-9]$/);
    const ending = fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 2, maxLength: 4 }), ending, (labels, code) => {
        const host = labels.join('.');
        expect(parseShortAddress(`https://${host}/${code}`)).toEqual({ domain: host, shortCode: code });
      }),
    );
  });
});

describe('parseDate', () => {
  it.each([
    ['2024-03-05T14:07:09Z', Date.UTC(2024, 2, 5, 14, 7, 9)],
    ['2024-03-05T14:07:09.5Z', Date.UTC(2024, 2, 5, 14, 7, 9, 500)],
    ['2016-08-21T20:34:16+02:00', Date.UTC(2016, 7, 21, 18, 34, 16)],
    ['2020-10-26T17:20:40+0000', Date.UTC(2020, 9, 26, 17, 20, 40)],
    ['2020-10-26T17:20:40-0530', Date.UTC(2020, 9, 26, 22, 50, 40)],
    ['2019-05-04 03:02:01', Date.UTC(2019, 4, 4, 3, 2, 1)],
    ['2019-05-04', Date.UTC(2019, 4, 4)],
    ['3/5/2024', Date.UTC(2024, 2, 5)],
    ['03/05/2024 14:07', Date.UTC(2024, 2, 5, 14, 7)],
    ['3/5/2024, 2:07 PM', Date.UTC(2024, 2, 5, 14, 7)],
    ['25/12/2023', Date.UTC(2023, 11, 25)],
    ['Mar 5, 2024', Date.UTC(2024, 2, 5)],
    ['March 5, 2024 12:30 AM', Date.UTC(2024, 2, 5, 0, 30)],
    ['Sept 9, 2021 14:07:09 UTC', Date.UTC(2021, 8, 9, 14, 7, 9)],
  ])('%s', (written, time) => {
    expect(parseDate(written)).toBe(time);
  });

  it.each([
    [null],
    [''],
    ['yesterday'],
    ['2023-02-30'],
    ['2024-13-01'],
    ['2024-01-01 25:00:00'],
    ['Marchy 5, 2024'],
    ['13:00 PM 1/1/2024'],
  ])('has no date in %j', (written) => {
    expect(parseDate(written)).toBeNull();
  });

  it('reads back every instant written in ISO 8601', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (date) => {
          expect(parseDate(date.toISOString())).toBe(date.getTime());
        },
      ),
    );
  });
});

describe('parseCount', () => {
  it.each([
    [0, 0],
    [42, 42],
    ['42', 42],
    [' 1,234 ', 1234],
    ['1234567', 1234567],
  ])('%j → %j', (value, count) => {
    expect(parseCount(value)).toBe(count);
  });

  it.each([[-1], [1.5], ['1.5'], ['12a'], ['1,23'], [''], [null], [undefined], [true]])('has no count in %j', (value) => {
    expect(parseCount(value)).toBeNull();
  });
});

describe('tags', () => {
  it('splits, trims and drops empty tags and repeats', () => {
    expect(splitTags(' a | b||a |c ', '|')).toEqual(['a', 'b', 'c']);
    expect(splitTags(null, ',')).toEqual([]);
    expect(tagList(['x', ' y ', 3, '', 'x', null])).toEqual(['x', 'y']);
    expect(tagList('x')).toEqual([]);
  });
});
