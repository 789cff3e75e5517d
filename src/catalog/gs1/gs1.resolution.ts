import type { Gs1Link } from './gs1.types.js';
import { isDefaultLinkType, normaliseLinkType } from './gs1.link-types.js';
import type { ResolvableKey } from './store/gs1.repository.js';

/** What a request asks of a key, beyond the key itself (GS1-Conformant Resolver 1.2). */
export interface Gs1Ask {
  /** The `linkType` query parameter, as sent (or null). */
  linkType: string | null;
  accept: string | null;
  acceptLanguage: string | null;
}

export type Gs1Resolution =
  | { kind: 'redirect'; link: Gs1Link; key: ResolvableKey }
  | { kind: 'choices'; links: Gs1Link[]; key: ResolvableKey }
  /** The registered levels, most specific first. */
  | { kind: 'linkset'; keys: ResolvableKey[] }
  | { kind: 'not_found' }
  | { kind: 'unavailable' };

export const LINKSET_MEDIA_TYPE = 'application/linkset+json';

interface Weighted {
  value: string;
  q: number;
}

/** An Accept or Accept-Language header, highest preference first (q=0 left out); malformed parts are skipped. */
export function preferences(header: string | null): Weighted[] {
  if (!header) return [];
  const list: (Weighted & { at: number })[] = [];
  header
    .slice(0, 1024)
    .split(',')
    .forEach((part, at) => {
      const [raw, ...params] = part.split(';');
      const value = raw!.trim().toLowerCase();
      if (!value) return;
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      if (Number.isFinite(q) && q > 0) list.push({ value, q, at });
    });
  return list.sort((a, b) => b.q - a.q || a.at - b.at).map(({ value, q }) => ({ value, q }));
}

/** Whether the request asks for the linkset itself: linkType=linkset (or the older `all`) or the linkset media type. */
export function wantsLinkset(ask: Gs1Ask): boolean {
  if (ask.linkType === 'linkset' || ask.linkType === 'all') return true;
  return ask.linkType === null && preferences(ask.accept).some((p) => p.value === LINKSET_MEDIA_TYPE);
}

type Matcher = (has: string, pref: string) => boolean;

/**
 * Narrows `links` by one attribute: the first preference (in order) that some links match wins, exact
 * matches before looser ones; when none matches, the links that do not set the attribute, else all.
 */
function narrow(links: Gs1Link[], prefs: Weighted[], attr: (l: Gs1Link) => string | null, matchers: Matcher[]): Gs1Link[] {
  for (const pref of prefs) {
    for (const matches of matchers) {
      const hit = links.filter((l) => {
        const has = attr(l);
        return has !== null && matches(has.toLowerCase(), pref.value);
      });
      if (hit.length > 0) return hit;
    }
  }
  const unset = links.filter((l) => attr(l) === null);
  return unset.length > 0 ? unset : links;
}

const exactly: Matcher = (has, want) => has === want;

/** `en` asks for `en-GB` too, and `en-gb` takes `en` when nothing is exactly `en-GB`. */
const languageMatches: Matcher = (has, want) => want !== '*' && (has.startsWith(`${want}-`) || want.startsWith(`${has}-`));

const mediaMatches: Matcher = (has, want) => want !== '*/*' && want.endsWith('/*') && has.startsWith(want.slice(0, -1));

/** The links that best fit the request's languages, then media types. */
export function bestLinks(links: Gs1Link[], ask: Gs1Ask): Gs1Link[] {
  const byLanguage = narrow(links, preferences(ask.acceptLanguage), (l) => l.lang, [exactly, languageMatches]);
  return narrow(byLanguage, preferences(ask.accept), (l) => l.type, [exactly, mediaMatches]);
}

/**
 * Chooses the answer for a request whose levels (most specific first) found `registered` keys.
 * - linkset asked: every registered level;
 * - gs1:defaultLink asked: the default link of the most specific registered level;
 * - a link type asked: its links at the most specific level that has any (404 when none does);
 *   one best link is a redirect, several equally good ones are 300 Multiple Choices;
 * - nothing asked: the default link of the most specific registered level, unless the request's
 *   languages or media types pick a better link of the default's link type there.
 */
export function resolveGs1(levels: readonly string[], registered: readonly ResolvableKey[], ask: Gs1Ask): Gs1Resolution {
  const ordered = levels.map((level) => registered.find((k) => k.key === level)).filter((k): k is ResolvableKey => !!k);
  if (ordered.length === 0) return { kind: 'not_found' };
  const served = ordered.filter((k) => k.accountActive);
  if (served.length === 0) return { kind: 'unavailable' };
  if (wantsLinkset(ask)) return { kind: 'linkset', keys: served };

  const key = served[0]!;
  const fallback = key.links.find((l) => l.isDefault) ?? key.links[0]!;
  // gs1:defaultLink names exactly one link, without attributes to choose by: the default itself.
  if (ask.linkType !== null && isDefaultLinkType(ask.linkType)) return { kind: 'redirect', link: fallback, key };

  if (ask.linkType !== null) {
    const linkType = normaliseLinkType(ask.linkType);
    for (const key of served) {
      const ofType = key.links.filter((l) => l.linkType === linkType);
      if (ofType.length === 0) continue;
      const best = bestLinks(ofType, ask);
      return best.length === 1 ? { kind: 'redirect', link: best[0]!, key } : { kind: 'choices', links: best, key };
    }
    return { kind: 'not_found' };
  }

  const best = bestLinks(
    key.links.filter((l) => l.linkType === fallback.linkType),
    ask,
  );
  // Still a tie: the default itself, else the one link of the default's media type.
  const sameType = best.filter((l) => l.type === fallback.type);
  const link = best.length === 1 ? best[0]! : best.includes(fallback) ? fallback : sameType.length === 1 ? sameType[0]! : null;
  return link ? { kind: 'redirect', link, key } : { kind: 'choices', links: best, key };
}
