import { InvalidRequest } from '../../lib/errors.js';
import { linkTypeTitle, validLinkType } from './gs1.link-types.js';
import { GS1_LINKS_MAX, GS1_TITLE_MAX, type Gs1Link, type Gs1LinkInput } from './gs1.types.js';

/** A language and optional region, as a GS1 linkset's `hreflang` allows: `en`, `fr-CA`. */
const LANG = /^[A-Za-z]{2}(-[A-Za-z]{2})?$/;
/** type/subtype, without parameters. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;
/** IANA's top-level media types: a link's media type must be one IANA defines (GS1-Conformant Resolver). */
const IANA_TOP_LEVEL = ['application', 'audio', 'font', 'haptics', 'image', 'message', 'model', 'multipart', 'text', 'video'];

function optionalText(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/** `EN-gb` → `en-GB`. */
const canonicalLang = (tag: string): string => {
  const [language, region] = tag.split('-');
  return region ? `${language!.toLowerCase()}-${region.toUpperCase()}` : language!.toLowerCase();
};

function link(input: Gs1LinkInput, at: number, destination: (value: string, field: string) => string): Gs1Link {
  const field = (name: string) => `links[${at}].${name}`;
  const linkType = validLinkType(input.linkType, field('linkType'));
  const lang = optionalText(input.lang);
  if (lang !== null && !LANG.test(lang))
    throw new InvalidRequest(`${field('lang')} "${lang}" is not a language tag such as "en" or "fr-CA".`, field('lang'));
  const type = optionalText(input.type)?.toLowerCase() ?? null;
  if (type !== null && !MEDIA_TYPE.test(type))
    throw new InvalidRequest(`${field('type')} "${type}" is not a media type such as "text/html".`, field('type'));
  if (type !== null && !IANA_TOP_LEVEL.includes(type.slice(0, type.indexOf('/'))))
    throw new InvalidRequest(
      `${field('type')} "${type}" is not an IANA media type: it must begin with ${IANA_TOP_LEVEL.join(', ')}.`,
      field('type'),
    );
  const title = optionalText(input.title) ?? linkTypeTitle(linkType);
  if (title.length > GS1_TITLE_MAX)
    throw new InvalidRequest(`${field('title')} must be at most ${GS1_TITLE_MAX} characters.`, field('title'));
  return {
    linkType,
    href: destination(input.href, field('href')),
    lang: lang === null ? null : canonicalLang(lang),
    type,
    title,
    isDefault: input.default === true,
  };
}

/**
 * A key's links, validated: known GS1 link types, safe http(s) targets, language tags, media types,
 * no link given twice, and exactly one default (the first link when none is marked).
 */
export function validLinks(inputs: readonly Gs1LinkInput[], destination: (value: string, field: string) => string): Gs1Link[] {
  if (inputs.length === 0) throw new InvalidRequest('links must hold at least one link: the default one.', 'links');
  if (inputs.length > GS1_LINKS_MAX) throw new InvalidRequest(`links may hold at most ${GS1_LINKS_MAX} links.`, 'links');
  const links = inputs.map((input, at) => link(input, at, destination));
  const defaults = links.filter((l) => l.isDefault).length;
  if (defaults > 1)
    throw new InvalidRequest(`Exactly one link is the default, but ${defaults} are marked "default": true.`, 'links');
  if (defaults === 0) links[0]!.isDefault = true;
  const seen = new Set<string>();
  links.forEach((l, at) => {
    const identity = JSON.stringify([l.linkType, l.href, l.lang, l.type]);
    if (seen.has(identity))
      throw new InvalidRequest(
        `links[${at}] repeats an earlier link (same link type, href, language and media type).`,
        `links[${at}]`,
      );
    seen.add(identity);
  });
  return links;
}
