import { describe, expect, it } from 'vitest';
import { safeFileName } from './file-name';

describe('safeFileName', () => {
  it('turns spaces, accents and punctuation into one dash, in lower case, keeping the extension', () => {
    expect(safeFileName('qrelay-Spring poster (été)-2026-01-01.csv')).toBe('qrelay-spring-poster-ete-2026-01-01.csv');
    expect(safeFileName('Menu / Bar & Grill.png')).toBe('menu-bar-grill.png');
  });
  it('falls back when nothing of the name is left', () => {
    expect(safeFileName('★★★.svg')).toBe('export.svg');
    expect(safeFileName('', 'qr-code')).toBe('qr-code');
  });
});
