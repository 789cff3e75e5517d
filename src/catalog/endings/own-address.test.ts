import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isServicePath, ownHostTest } from './own-address.js';

const SERVICE = { publicUrl: 'https://qr.example.com', listen: { host: '127.0.0.1', port: 8080 } };
const DOMAINS: ReadonlySet<string> = new Set(['go.acme.test', 'xn--bcher-kva.example']);
const own = ownHostTest(SERVICE);
const isOwn = (address: string) => own(new URL(address), DOMAINS);

/** Every way a person may spell the same host name: any case, with or without the trailing dot. */
const spellings = (host: string) =>
  fc
    .tuple(fc.array(fc.boolean(), { minLength: host.length, maxLength: host.length }), fc.boolean())
    .map(([upper, dot]) => [...host].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('') + (dot ? '.' : ''));

describe('ownHostTest', () => {
  it('knows the public host in any case, with or without a trailing dot, on its own port only', () => {
    fc.assert(
      fc.property(spellings('qr.example.com'), (host) => {
        expect(isOwn(`https://${host}/abc1234`)).toBe(true);
        expect(isOwn(`https://${host}:443/abc1234`)).toBe(true);
        expect(isOwn(`http://${host}/abc1234`)).toBe(false);
      }),
    );
  });

  it('knows every account domain on any port, also written in Unicode', () => {
    fc.assert(
      fc.property(spellings('go.acme.test'), fc.integer({ min: 1, max: 65535 }), (host, port) => {
        expect(isOwn(`http://${host}:${port}/x`)).toBe(true);
      }),
    );
    expect(isOwn('https://BÜCHER.example./abc')).toBe(true);
  });

  it('knows the listening address and loopback, however the IP is written, on the listening port', () => {
    for (const address of [
      'http://127.0.0.1:8080/a',
      'http://127.1:8080/a',
      'http://0x7f.0.0.1:8080/a',
      'http://2130706433:8080/a',
      'http://[::1]:8080/a',
      'http://[::ffff:127.0.0.1]:8080/a',
      'http://localhost:8080/a',
      'http://LOCALHOST.:8080/a',
      'http://app.localhost:8080/a',
    ]) {
      expect(isOwn(address), address).toBe(true);
    }
    for (const address of [
      'http://127.0.0.1:8081/a',
      'http://localhost/a',
      'http://10.0.0.1:8080/a',
      'https://example.com:8080/a',
    ]) {
      expect(isOwn(address), address).toBe(false);
    }
  });

  it('knows a specific listening address and, for a wildcard listener, the machine itself', () => {
    const specific = ownHostTest({ publicUrl: 'https://qr.example.com', listen: { host: '192.0.2.7', port: 80 } });
    expect(specific(new URL('http://192.0.2.7/a'), new Set())).toBe(true);
    expect(specific(new URL('http://192.0.2.8/a'), new Set())).toBe(false);
    const wildcard = ownHostTest({ publicUrl: 'https://qr.example.com', listen: { host: '0.0.0.0', port: 80 } });
    expect(wildcard(new URL('http://127.0.0.1/a'), new Set())).toBe(true);
    expect(wildcard(new URL('http://198.51.100.1/a'), new Set())).toBe(false);
  });

  it('leaves names that merely contain an own host alone', () => {
    for (const address of [
      'https://qr.example.com.evil.test/a',
      'https://evilqr.example.com/a',
      'https://go.acme.test.example/a',
    ]) {
      expect(isOwn(address), address).toBe(false);
    }
  });
});

describe('isServicePath', () => {
  it('holds short addresses, hosted content and GS1 Digital Links, however the slashes and escapes fall', () => {
    for (const path of [
      '/abc1234',
      '/abc1234/',
      '//abc1234',
      '/%61bc',
      '/f/x1',
      '/p/x1/',
      '/c/x1/contact.vcf',
      '/01/09506000134352',
      '/%30%31/1',
    ]) {
      expect(isServicePath(path), path).toBe(true);
    }
  });

  it('leaves the root, the dashboard, the docs and deeper paths alone', () => {
    for (const path of ['/', '/app/codes', '/docs/errors', '/blog/2024/post', '/media/x.png']) {
      expect(isServicePath(path), path).toBe(false);
    }
  });
});
