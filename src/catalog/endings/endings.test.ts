import { describe, expect, it } from 'vitest';
import type { Transactor, Tx } from '../../db/transaction.js';
import { InvalidRequest } from '../../lib/errors.js';
import { validateDestination } from './destination.js';
import {
  domainKey,
  ENDING_MAX,
  generateEnding,
  GENERATED_LENGTH,
  isEndingShape,
  isReserved,
  RESERVED_ENDINGS,
  validateChosenEnding,
} from './endings.js';
import { EndingsService } from './endings.service.js';

describe('endings', () => {
  it('accepts a chosen ending of 3 to 64 letters, digits, "-" and "_", case kept', () => {
    for (const ending of ['abc', 'Spring-Sale_26', 'x'.repeat(ENDING_MAX), 'ABC'])
      expect(validateChosenEnding(ending)).toBe(ending);
  });

  it('refuses a chosen ending that is too short, too long, has other characters or is reserved, naming the field', () => {
    for (const ending of ['ab', 'x'.repeat(ENDING_MAX + 1), 'a/b', 'has space', 'a.b', 'ünï', 'API', 'healthz', 'Well-Known']) {
      expect(() => validateChosenEnding(ending, 'shortCode'), ending).toThrow(InvalidRequest);
      expect(() => validateChosenEnding(ending, 'shortCode'), ending).toThrow(expect.objectContaining({ field: 'shortCode' }));
    }
  });

  it('treats reserved words case-insensitively and refuses every dotted one by shape', () => {
    expect(isReserved('Admin')).toBe(true);
    expect(isReserved('admins')).toBe(false);
    for (const word of RESERVED_ENDINGS) {
      if (word.includes('.')) expect(isEndingShape(word)).toBe(false);
    }
  });

  it("never takes a GS1 primary key's application identifier: /414/... is a Digital Link", () => {
    for (const ai of ['414', '417', '8003', '8004', '8018', '253', '255', '401', '402'])
      expect(() => validateChosenEnding(ai)).toThrow('is reserved');
    expect(isReserved('4140')).toBe(false);
  });

  it('generates endings of the asked length from base62, never a reserved word', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i += 1) {
      const ending = generateEnding();
      expect(ending).toMatch(new RegExp(`^[0-9A-Za-z]{${GENERATED_LENGTH}}$`));
      expect(isReserved(ending)).toBe(false);
      seen.add(ending);
    }
    expect(seen.size).toBe(500);
    expect(generateEnding(3)).toHaveLength(3);
  });

  it('knows a path segment that could be an ending from one that cannot', () => {
    expect(isEndingShape('a')).toBe(true);
    expect(isEndingShape('')).toBe(false);
    expect(isEndingShape('x'.repeat(ENDING_MAX + 1))).toBe(false);
    expect(isEndingShape('favicon.ico')).toBe(false);
  });

  it("keys an ending's namespace by the account's domain, '' for the public host", () => {
    expect(domainKey(null)).toBe('');
    expect(domainKey('go.acme.test')).toBe('go.acme.test');
  });
});

describe('destinations', () => {
  const endings = new EndingsService({} as Transactor, { publicUrl: 'https://qr.example.com' });

  it('accepts absolute http(s) addresses, including other paths on the own host', async () => {
    for (const url of [
      'https://example.com/',
      'http://example.com/a?b=c#d',
      'https://qr.example.com/',
      'https://qr.example.com/a/b',
    ]) {
      expect(await endings.destination(url)).toBe(url);
    }
  });

  it('refuses other schemes, credentials, spaces, relative and over-long addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://example.com',
      'https://u:p@example.com',
      'https://a b.test',
      '/relative',
      '',
      `https://example.com/${'x'.repeat(2048)}`,
    ]) {
      expect(() => validateDestination(url, 'url'), url).toThrow(
        expect.objectContaining({ code: 'invalid_request', field: 'url' }),
      );
    }
  });

  it("refuses one of the service's own short addresses, so a code can never point at itself", async () => {
    for (const url of ['https://qr.example.com/abc1234', 'https://QR.example.com/abc1234/']) {
      await expect(endings.destination(url, 'rules[0].url'), url).rejects.toMatchObject({ field: 'rules[0].url' });
    }
  });
});

describe('claiming an ending', () => {
  const taken = () => Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
  /** Runs each attempt with no store; `outcomes` says how each attempt's write ends. */
  const claims = (outcomes: ('taken' | 'ok')[]) => {
    const attempts: string[] = [];
    const transactor: Transactor = { run: (fn) => fn({} as Tx) };
    const service = new EndingsService(transactor);
    const write = async (_tx: Tx, ending: string) => {
      attempts.push(ending);
      if (outcomes[attempts.length - 1] === 'taken') throw taken();
      return ending;
    };
    return { service, write, attempts };
  };

  it('retries a generated ending that is taken, one character longer after three tries', async () => {
    const { service, write, attempts } = claims(['taken', 'taken', 'taken', 'ok']);
    const ending = await service.claim(undefined, write);
    expect(attempts.map((a) => a.length)).toEqual([7, 7, 7, 8]);
    expect(ending).toBe(attempts[3]);
  });

  it('gives up after six collisions', async () => {
    const { service, write, attempts } = claims(Array(6).fill('taken'));
    await expect(service.claim(null, write)).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(attempts).toHaveLength(6);
  });

  it('refuses a chosen ending that is taken with a 400 naming shortCode, without retrying', async () => {
    const { service, write, attempts } = claims(['taken']);
    await expect(service.claim('spring', write)).rejects.toMatchObject({ code: 'invalid_request', field: 'shortCode' });
    expect(attempts).toEqual(['spring']);
  });

  it('passes any other failure through untouched', async () => {
    const transactor: Transactor = { run: (fn) => fn({} as Tx) };
    const failure = new Error('the store went away');
    await expect(
      new EndingsService(transactor).claim('spring', async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });
});
