import { describe, expect, it } from 'vitest';
import type { ResolvableKey } from './store/gs1.repository.js';
import { bestLinks, preferences, resolveGs1, wantsLinkset } from './gs1.resolution.js';
import type { Gs1Link } from './gs1.types.js';

const link = (overrides: Partial<Gs1Link>): Gs1Link => ({
  linkType: 'gs1:pip',
  href: 'https://b.example/',
  lang: null,
  type: null,
  title: 't',
  isDefault: false,
  ...overrides,
});
const key = (path: string, links: Gs1Link[], accountActive = true): ResolvableKey => ({
  id: path,
  accountId: 'a',
  key: path,
  domain: '',
  accountActive,
  links,
});
const ask = { linkType: null, accept: null, acceptLanguage: null };

describe('GS1 link choice', () => {
  it('orders header preferences by q, then by position, and drops q=0 and malformed weights', () => {
    expect(preferences('fr;q=0.5, EN-gb, de;q=0, it;q=abc, en;q=0.9').map((p) => p.value)).toEqual(['en-gb', 'en', 'fr']);
    expect(preferences(null)).toEqual([]);
  });

  it('asks for the linkset with linkType=linkset or all, or the linkset media type without another linkType', () => {
    expect(wantsLinkset({ ...ask, linkType: 'linkset' })).toBe(true);
    expect(wantsLinkset({ ...ask, linkType: 'all' })).toBe(true);
    expect(wantsLinkset({ ...ask, accept: 'application/linkset+json' })).toBe(true);
    expect(wantsLinkset({ ...ask, linkType: 'gs1:pip', accept: 'application/linkset+json' })).toBe(false);
    expect(wantsLinkset({ ...ask, accept: 'text/html' })).toBe(false);
  });

  it('prefers a language match, then links for any language, then everything', () => {
    const en = link({ lang: 'en', href: 'https://b.example/en' });
    const enGb = link({ lang: 'en-GB', href: 'https://b.example/gb' });
    const any = link({ href: 'https://b.example/any' });
    expect(bestLinks([en, enGb, any], { ...ask, acceptLanguage: 'en-gb' })).toEqual([enGb]);
    expect(bestLinks([en, any], { ...ask, acceptLanguage: 'en-us' })).toEqual([en]);
    expect(bestLinks([enGb, any], { ...ask, acceptLanguage: 'en' })).toEqual([enGb]);
    expect(bestLinks([en, any], { ...ask, acceptLanguage: 'de' })).toEqual([any]);
    expect(bestLinks([en, enGb], { ...ask, acceptLanguage: 'de' })).toEqual([en, enGb]);
  });

  it('answers unavailable for a suspended company and 404 for nothing registered', () => {
    expect(resolveGs1(['01/x'], [], ask)).toEqual({ kind: 'not_found' });
    expect(resolveGs1(['01/x'], [key('01/x', [link({ isDefault: true })], false)], ask)).toEqual({ kind: 'unavailable' });
  });
});
