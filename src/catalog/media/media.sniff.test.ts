import { describe, expect, it } from 'vitest';
import { sniffType } from './media.sniff.js';

const bytes = (...values: number[]) => Buffer.from(values);

describe('sniffType', () => {
  it.each([
    ['image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0)],
    ['image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10)],
    ['image/gif', Buffer.from('GIF89a\x01\x00')],
    ['image/gif', Buffer.from('GIF87a\x01\x00')],
    ['image/webp', Buffer.concat([Buffer.from('RIFF'), bytes(0, 0, 0, 0), Buffer.from('WEBPVP8 ')])],
    ['application/pdf', Buffer.from('%PDF-1.7\n')],
    ['image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    [
      'image/svg+xml',
      Buffer.from(
        '\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>',
      ),
    ],
  ])('reads %s from the first bytes', (type, input) => {
    expect(sniffType(input)).toBe(type);
  });

  it.each([
    ['text that calls itself a PNG', Buffer.from('hello, I am logo.png')],
    ['HTML', Buffer.from('<!doctype html><html><svg></svg></html>')],
    ['a RIFF that is no WebP', Buffer.concat([Buffer.from('RIFF'), bytes(0, 0, 0, 0), Buffer.from('WAVEfmt ')])],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e)],
    ['nothing', Buffer.alloc(0)],
    ['binary with an svg tag', Buffer.concat([bytes(0), Buffer.from('<svg>')])],
  ])('refuses %s', (_what, input) => {
    expect(sniffType(input)).toBeNull();
  });
});
