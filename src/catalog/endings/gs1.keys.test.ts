import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDigit, hasValidCheckDigit, keyPath, levelsOf, parseKey } from './gs1.keys.js';

const digits = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
/** A GTIN of `length` digits with its right check digit. */
const gtin = (length: 8 | 12 | 13 | 14) => digits(length - 1, length - 1).map((body) => `${body}${checkDigit(body)}`);
const anyGtin = fc.oneof(gtin(8), gtin(12), gtin(13), gtin(14));
/** Values GS1 allows in a lot or serial (CSET 82), 1 to 20 characters. */
const cset82 = fc
  .array(fc.constantFrom(...'!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz'.split('')), {
    minLength: 1,
    maxLength: 20,
  })
  .map((c) => c.join(''));

describe('GS1 check digits', () => {
  it('knows published examples', () => {
    expect(hasValidCheckDigit('09506000134352')).toBe(true);
    expect(hasValidCheckDigit('4006381333931')).toBe(true);
    expect(hasValidCheckDigit('96385074')).toBe(true);
    expect(hasValidCheckDigit('106141411234567897')).toBe(true);
  });

  it('accepts every GTIN with its check digit and pads it to 14 digits', () => {
    fc.assert(
      fc.property(anyGtin, (value) => {
        const key = parseKey(`01/${value}`);
        expect(key.parts[0]).toEqual(['01', value.padStart(14, '0')]);
        expect(hasValidCheckDigit(key.parts[0]![1])).toBe(true);
      }),
    );
  });

  it('refuses every GTIN whose check digit is corrupted, naming the digit it should be', () => {
    fc.assert(
      fc.property(anyGtin, fc.integer({ min: 1, max: 9 }), (value, shift) => {
        const wrong = (Number(value.at(-1)) + shift) % 10;
        const corrupted = `${value.slice(0, -1)}${wrong}`;
        expect(() => parseKey(`01/${corrupted}`)).toThrow(`the last digit should be ${value.at(-1)}`);
      }),
    );
  });

  it('refuses a single changed digit anywhere in the body (mod 10 catches every single-digit error)', () => {
    fc.assert(
      fc.property(gtin(14), fc.nat(12), fc.integer({ min: 1, max: 9 }), (value, at, shift) => {
        const changed = `${value.slice(0, at)}${(Number(value[at]) + shift) % 10}${value.slice(at + 1)}`;
        expect(() => parseKey(`01/${changed}`)).toThrow(/wrong check digit/);
      }),
    );
  });

  it('refuses GTINs of other lengths and with letters, saying why', () => {
    expect(() => parseKey('01/123456789')).toThrow('GTIN must have 8, 12, 13, 14 digits, "123456789" has 9');
    expect(() => parseKey('01/0950600013435A')).toThrow('GTIN must be digits only');
    expect(() => parseKey('00/12345')).toThrow('SSCC must have 18 digits');
  });
});

describe('GS1 Digital Link paths', () => {
  it('keeps qualifiers in their order and round-trips the canonical path', () => {
    fc.assert(
      fc.property(anyGtin, fc.option(cset82), fc.option(cset82), fc.option(cset82), (g, cpv, lot, serial) => {
        const parts = [
          ['01', g],
          ['22', cpv],
          ['10', lot],
          ['21', serial],
        ].filter(([, v]) => v !== null) as [string, string][];
        const path = parts.map(([ai, v]) => `${ai}/${encodeURIComponent(v)}`).join('/');
        const key = parseKey(path);
        expect(key.parts.map(([ai]) => ai)).toEqual(parts.map(([ai]) => ai));
        expect(key.parts.slice(1).map(([, v]) => v)).toEqual(parts.slice(1).map(([, v]) => v));
        expect(parseKey(keyPath(key))).toEqual(key);
      }),
    );
  });

  it('walks up from the most specific qualifier to the primary key', () => {
    const levels = levelsOf(parseKey('01/09506000134352/22/V1/10/LOT/21/S1')).map(keyPath);
    expect(levels).toEqual([
      '01/09506000134352/22/V1/10/LOT/21/S1',
      '01/09506000134352/22/V1/10/LOT',
      '01/09506000134352/22/V1',
      '01/09506000134352',
    ]);
  });

  it.each([
    ['01/09506000134352/10', 'every application identifier needs one value'],
    ['01/09506000134352/21/S/10/L', 'Qualifier 10 is out of order'],
    ['01/09506000134352/254/X', '"254" is not a qualifier of a GTIN'],
    ['99/123', '"99" is not a GS1 primary key'],
    ['01/09506000134352/10/' + 'L'.repeat(21), 'at most 20 characters'],
    ['01/09506000134352/10/a%20b', 'has characters GS1 does not allow'],
    ['00/106141411234567897/10/X', 'not a qualifier of a SSCC'],
    ['01/09506000134352/21/S/235/T', 'Qualifier 235 cannot follow 21'],
    ['01/09506000134352/235/T/10/L', 'Qualifier 10 cannot follow 235'],
    ['01/09506000134352/235/' + 'T'.repeat(29), 'at most 28 characters'],
    ['414/9521321000018/254/X/7040/1AB-', 'Qualifier 7040 cannot follow 254'],
    ['414/9521321000018/7040/1AB', 'a digit, two characters and an importer index'],
    ['417/9521321000018/7040/1AB!', 'a digit, two characters and an importer index'],
    ['8004/0180451111ABC987/7040/XAB-', 'a digit, two characters and an importer index'],
    ['8018/106141411234567897/8019/12345678901', '1 to 10 digits'],
    ['8018/106141411234567897/8019/12A', '1 to 10 digits'],
    ['', 'A GS1 key is required'],
  ])('refuses %s: %s', (path, message) => {
    expect(() => parseKey(path)).toThrow(message);
  });

  it('accepts the other primary keys with their check digits', () => {
    expect(keyPath(parseKey('/00/106141411234567897'))).toBe('00/106141411234567897');
    expect(keyPath(parseKey('414/9521321000018/254/32a%2Fb'))).toBe('414/9521321000018/254/32a%2Fb');
    expect(keyPath(parseKey('8003/03870585000552987'))).toBe('8003/03870585000552987');
    expect(keyPath(parseKey('8004/0180451111ABC987'))).toBe('8004/0180451111ABC987');
    expect(() => parseKey('8003/03870585000553987')).toThrow('GRAI "03870585000553987" has a wrong check digit');
  });

  it('refuses a GRAI that does not start with 0, whatever its check digit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), digits(12, 12), (lead, body) => {
        const head = `${lead}${body}`;
        expect(() => parseKey(`8003/${head}${checkDigit(head)}X1`)).toThrow('GRAI must start with the digit 0');
        expect(keyPath(parseKey(`8003/0${body}${checkDigit(`0${body}`)}X1`))).toBe(`8003/0${body}${checkDigit(`0${body}`)}X1`);
      }),
    );
  });

  it('accepts every key qualifier of the primary keys it serves, each in one of its sequences', () => {
    expect(keyPath(parseKey('01/9506000134352/235/TPX-12%2F3'))).toBe('01/09506000134352/235/TPX-12%2F3');
    expect(keyPath(parseKey('414/9521321000018/7040/1AB-'))).toBe('414/9521321000018/7040/1AB-');
    expect(keyPath(parseKey('417/9521321000018/7040/9%2F_z'))).toBe('417/9521321000018/7040/9%2F_z');
    expect(keyPath(parseKey('8004/0180451111ABC987/7040/0xy_'))).toBe('8004/0180451111ABC987/7040/0xy_');
    expect(keyPath(parseKey('8018/106141411234567897/8019/0123456789'))).toBe('8018/106141411234567897/8019/0123456789');
    expect(levelsOf(parseKey('8018/106141411234567897/8019/1')).map(keyPath)).toEqual([
      '8018/106141411234567897/8019/1',
      '8018/106141411234567897',
    ]);
  });
});
