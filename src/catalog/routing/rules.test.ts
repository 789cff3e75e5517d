import { describe, expect, it } from 'vitest';
import { route, validateRules, type ScanContext } from './rules.js';
import { deviceOf, languagesOf, osOf } from './user-agent.js';

const ctx = (over: Partial<ScanContext> = {}): ScanContext => ({
  userAgent: '',
  acceptLanguage: '',
  country: null,
  now: Date.UTC(2026, 0, 14, 12),
  random: () => 0.5,
  ...over,
});

describe('routing rules', () => {
  it('splits by weight in proportion', () => {
    const rules = [
      {
        split: [
          { destination: 'https://a/', weight: 1 },
          { destination: 'https://b/', weight: 3 },
        ],
      },
    ];
    expect(route(rules, 'https://d/', ctx({ random: () => 0.2 }))).toBe('https://a/');
    expect(route(rules, 'https://d/', ctx({ random: () => 0.3 }))).toBe('https://b/');
    expect(route(rules, 'https://d/', ctx({ random: () => 0.999 }))).toBe('https://b/');
  });

  it('handles a time window that wraps midnight, in the named zone', () => {
    const rules = [
      { when: { time: { timeZone: 'America/New_York', from: '22:00', to: '06:00' } }, destination: 'https://night/' },
    ];
    expect(route(rules, 'https://day/', ctx({ now: Date.UTC(2026, 0, 14, 4) }))).toBe('https://night/'); // 23:00 in New York
    expect(route(rules, 'https://day/', ctx({ now: Date.UTC(2026, 0, 14, 16) }))).toBe('https://day/'); // 11:00
  });

  it('refuses a rule with both or neither target, naming it', () => {
    expect(() => validateRules([{ destination: 'https://a/' }, {}])).toThrow(/rules\[1\]/);
    expect(() => validateRules([{ when: { time: { timeZone: 'UTC', from: '10:00' } }, destination: 'https://a/' }])).toThrow(
      /rules\[0\]\.when\.time/,
    );
  });

  it('reads devices, systems and languages', () => {
    expect(deviceOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari')).toBe('mobile');
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe('desktop');
    expect(osOf('Mozilla/5.0 (Linux; Android 14)')).toBe('android');
    expect(languagesOf('fr;q=0.5, de-CH, *;q=0.1')).toEqual(['de-ch', 'fr']);
  });
});
