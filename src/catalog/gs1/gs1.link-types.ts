import { InvalidRequest } from '../../lib/errors.js';
import { LINK_TYPES } from './gs1.vocabulary.js';

export { LINK_TYPES };

/** The GS1 Web Vocabulary's namespace; link types are written `gs1:<name>` (a CURIE of it). */
export const GS1_VOC = 'https://gs1.org/voc/';
const OTHER_GS1_NAMESPACES = ['https://ref.gs1.org/voc/', 'http://gs1.org/voc/', 'https://www.gs1.org/voc/'];

/** The term a GS1 link type names, in any of its spellings (`gs1:pip`, `https://gs1.org/voc/pip`, ...), or null. */
function termOf(value: string): string | null {
  const text = value.trim();
  if (text.startsWith('gs1:')) return text.slice(4);
  for (const ns of [GS1_VOC, ...OTHER_GS1_NAMESPACES]) if (text.startsWith(ns)) return text.slice(ns.length);
  return null;
}

/** `gs1:pip`, `https://gs1.org/voc/pip` or `https://ref.gs1.org/voc/pip` → `gs1:pip`; null when not a GS1 link type. */
export function normaliseLinkType(value: string): string | null {
  const name = termOf(value);
  return name !== null && Object.hasOwn(LINK_TYPES, name) ? `gs1:${name}` : null;
}

/** Whether a requested link type is gs1:defaultLink, the type a linkset files each key's default under. */
export const isDefaultLinkType = (value: string): boolean => termOf(value) === 'defaultLink';

/** The link type of a write, normalised, or a 400 naming the problem. */
export function validLinkType(value: string, field: string): string {
  const linkType = normaliseLinkType(value);
  if (linkType) return linkType;
  const hint = /^gs1:(defaultLink|defaultLinkMulti|handledBy)$/.test(value.trim())
    ? ' Mark one link with "default": true instead.'
    : ' Use a GS1 Web Vocabulary link type such as gs1:pip, gs1:certificationInfo, gs1:recipeInfo or gs1:instructions.';
  throw new InvalidRequest(`${field} "${value}" is not a GS1 link type qrelay knows.${hint}`, field);
}

/** `gs1:pip` → `https://gs1.org/voc/pip`, the relation type a linkset names. */
export const linkTypeUri = (linkType: string): string => GS1_VOC + linkType.slice(4);

/** The title of a link type, for a link that has none of its own. */
export const linkTypeTitle = (linkType: string): string => LINK_TYPES[linkType.slice(4)] ?? linkType;
