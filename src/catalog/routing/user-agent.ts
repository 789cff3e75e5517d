import type { DEVICES, OSES } from './rules.schema.js';

export type Device = (typeof DEVICES)[number] | 'unknown';
export type Os = (typeof OSES)[number];

/** Device class from a User-Agent (coarse on purpose: it only picks a rule). */
export function deviceOf(ua: string): Device {
  if (!ua) return 'unknown';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|IEMobile|Opera Mini/i.test(ua)) return 'mobile';
  if (/Windows NT|Macintosh|X11|Linux|CrOS/i.test(ua)) return 'desktop';
  return 'unknown';
}

export function osOf(ua: string): Os {
  if (/iPhone|iPad|iPod|CPU OS|iOS/i.test(ua)) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  if (/Windows/i.test(ua)) return 'windows';
  if (/Mac OS X|Macintosh/i.test(ua)) return 'macos';
  if (/Linux|X11|CrOS/i.test(ua)) return 'linux';
  return 'other';
}

/** Language tags of an Accept-Language header, most preferred first, lower-cased. */
export function languagesOf(header: string): string[] {
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((l) => l.tag);
}
