import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Lru } from './lru.js';

describe('bounded least-recently-used map', () => {
  it('never holds more than its bound, and keeps the latest insertion', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 200 }), (max, keys) => {
        const lru = new Lru<number>(max);
        for (const key of keys) {
          if (lru.get(String(key), 0) === undefined) lru.set(String(key), key);
          expect(lru.size).toBeLessThanOrEqual(max);
          expect(lru.get(String(key), 0)).toBe(key);
        }
      }),
    );
  });

  it('keeps a key read at least once per half of its bound through any burst of new keys', () => {
    const max = 100;
    const lru = new Lru<string>(max);
    lru.set('popular', 'p');
    for (let i = 0; i < 10_000; i += 1) {
      lru.set(`rare ${i}`, 'r');
      if (i % (max / 2) === 0) expect(lru.get('popular', 0)).toBe('p');
    }
    expect(lru.get('popular', 0)).toBe('p');
  });

  it('evicts the least recently inserted key that was not read', () => {
    const lru = new Lru<number>(3);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    lru.set('d', 4);
    expect(lru.get('a', 0)).toBeUndefined();
    expect([lru.get('b', 0), lru.get('c', 0), lru.get('d', 0)]).toEqual([2, 3, 4]);
  });

  it('forgets an entry once it expires', () => {
    const lru = new Lru<string>(10);
    lru.set('k', 'v', 1_000);
    expect(lru.get('k', 999)).toBe('v');
    expect(lru.get('k', 1_000)).toBeUndefined();
    expect(lru.size).toBe(0);
  });
});
