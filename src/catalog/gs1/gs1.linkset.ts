import { PRIMARY_KEYS, QUALIFIERS } from '../endings/gs1.keys.js';
import { linkTypeUri } from './gs1.link-types.js';
import type { ResolvableKey } from './store/gs1.repository.js';
import type { Gs1Link } from './gs1.types.js';

/** The GS1 link type a linkset names a key's default link by. */
export const DEFAULT_LINK_REL = 'https://gs1.org/voc/defaultLink';
/** The JSON-LD context that turns a GS1 linkset into JSON-LD (named in a Link header, never fetched). */
export const LINKSET_CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';

/** One target of RFC 9264's JSON serialisation, with the attributes GS1's linkset schema allows. */
export interface LinksetTarget {
  href: string;
  title: string;
  type?: string;
  hreflang?: string[];
}

export type LinksetContext = { anchor: string; itemDescription: string } & Record<string, string | LinksetTarget[]>;

export interface Linkset {
  linkset: LinksetContext[];
}

export const target = (link: Gs1Link): LinksetTarget => ({
  href: link.href,
  title: link.title,
  ...(link.type ? { type: link.type } : {}),
  ...(link.lang ? { hreflang: [link.lang] } : {}),
});

/** The Digital Link URI of a key on `origin` (the namespace's canonical origin). */
export const anchorOf = (origin: string, key: string): string => `${origin}/${key}`;

/**
 * What a linkset says the item is (GS1's linkset schema asks every context object for one): the key
 * in words, `GTIN 09506000134352, batch/lot (AI 10) LOT42`.
 */
export function itemDescription(key: string): string {
  const segments = key.split('/');
  const parts: string[] = [];
  for (let i = 0; i + 1 < segments.length; i += 2) {
    const ai = segments[i]!;
    const label = i === 0 ? PRIMARY_KEYS[ai]?.label : QUALIFIERS[ai]?.label;
    parts.push(`${label ?? `AI ${ai}`} ${decodeURIComponent(segments[i + 1]!)}`);
  }
  return parts.join(', ');
}

/**
 * RFC 9264 `application/linkset+json`: one link context object per registered level, its anchor the
 * uncompressed Digital Link URI and its item description the key in words; each link under its link
 * type's URI, and the default link once more under gs1:defaultLink with only its href and title.
 */
export function linksetOf(origin: string, keys: readonly ResolvableKey[]): Linkset {
  return {
    linkset: keys.map((key) => {
      const context: LinksetContext = { anchor: anchorOf(origin, key.key), itemDescription: itemDescription(key.key) };
      for (const link of key.links) {
        const rel = linkTypeUri(link.linkType);
        const list = (context[rel] as LinksetTarget[] | undefined) ?? [];
        list.push(target(link));
        context[rel] = list;
      }
      const fallback = key.links.find((l) => l.isDefault);
      if (fallback) context[DEFAULT_LINK_REL] = [{ href: fallback.href, title: fallback.title }];
      return context;
    }),
  };
}
