import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDigit, parseKey } from '../endings/gs1.keys.js';
import { companyPart, keyPatternsUnder, overlaps, prefixCandidates, validCompanyPrefix } from './gs1.prefixes.js';

const digits = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
const withCheck = (body: string) => `${body}${checkDigit(body)}`;
/** A company prefix GS1 could allocate: 4 to 12 digits, not one of the GTIN-8 numbers. */
const companyPrefix = digits(4, 12).filter((p) => !p.startsWith('00000'));

/** `LIKE` as the stores apply it to digits and `/`: `_` any one character, `%` any run. */
const like = (value: string, pattern: string): boolean =>
  new RegExp(`^${pattern.replace(/[/]/g, '\\/').replace(/_/g, '.').replace(/%/g, '.*')}$`).test(value);

describe('GS1 company prefixes', () => {
  it('finds a GTIN-12, -13 or -14 under a prefix after the indicator digit, whatever the indicator', () => {
    fc.assert(
      fc.property(companyPrefix, fc.integer({ min: 0, max: 9 }), digits(0, 12), (prefix, indicator, rest) => {
        const body = `${indicator}${prefix}${rest}`.slice(0, 13).padEnd(13, '0');
        const key = parseKey(`01/${withCheck(body)}`);
        expect(prefixCandidates(key)).toContain(prefix);
        expect(keyPatternsUnder(prefix, ['01']).some((p) => like(`01/${key.parts[0]![1]}`, p))).toBe(true);
      }),
    );
    // GS1's own example: the GTIN-12 614141000012 of the U.P.C. company prefix 614141 is under 0614141.
    expect(prefixCandidates(parseKey('01/614141000012'))).toContain('0614141');
  });

  it('offers 4 to 12 leading digits, shortest first, and none for a GTIN-8', () => {
    expect(prefixCandidates(parseKey('01/09506000134352'))).toEqual([
      '9506',
      '95060',
      '950600',
      '9506000',
      '95060001',
      '950600013',
      '9506000134',
      '95060001343',
      '950600013435',
    ]);
    expect(companyPart(parseKey('01/96385074'))).toBeNull();
    expect(prefixCandidates(parseKey('01/96385074'))).toEqual([]);
  });

  it.each([
    ['00/106141411234567897', '0614141'],
    ['414/0614141000012', '0614141'],
    ['417/9521321000018', '9521321'],
    ['8018/106141411234567897', '1061414112'],
    ['8003/04012345111118988', '4012345'],
    ['253/4012345000115ebon-4711', '4012345'],
    ['8004/4012345ABCD-123', '4012345'],
    ['401/4012345XYZ', '4012345'],
  ])('reads the company prefix of %s where GS1 puts it', (text, prefix) => {
    const key = parseKey(text);
    expect(prefixCandidates(key)).toContain(prefix);
    const [ai] = text.split('/');
    expect(keyPatternsUnder(prefix, [ai!]).some((p) => like(text, p))).toBe(true);
  });

  it('accepts 4 to 12 digits and refuses anything else, naming the rule', () => {
    expect(validCompanyPrefix(' 0614141 ')).toBe('0614141');
    for (const bad of ['123', '1234567890123', '06141a1', '', '0000012'])
      expect(() => validCompanyPrefix(bad), bad).toThrow(/prefix/);
  });

  it('sees two prefixes overlap when one starts with the other', () => {
    fc.assert(
      fc.property(companyPrefix, digits(0, 4), (a, more) => {
        expect(overlaps(a, `${a}${more}`)).toBe(true);
        expect(overlaps(`${a}${more}`, a)).toBe(true);
      }),
    );
    expect(overlaps('0614141', '0614142')).toBe(false);
  });
});
