import type { CardDocument } from './card.document.js';

/** RFC 6350 text escaping: backslash, comma, semicolon and line breaks. */
const text = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');

/** The TYPE a free-text label stands for, when it is one vCard knows; otherwise none. */
const TYPES: Record<string, string> = {
  work: 'work',
  home: 'home',
  mobile: 'cell',
  cell: 'cell',
  fax: 'fax',
  voice: 'voice',
  text: 'text',
};
const typeParam = (label: string | null): string => {
  const type = label ? TYPES[label.trim().toLowerCase()] : undefined;
  return type ? `;TYPE=${type}` : '';
};

/** Folds a content line at 75 octets (RFC 6350 3.2), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** A best guess at the structured name: the last word is the family name (N is needed by some address books). */
function structuredName(fullName: string): string {
  const words = fullName.trim().split(/\s+/);
  const family = words.length > 1 ? words.pop()! : '';
  return [family, words.join(' '), '', '', ''].map(text).join(';');
}

/**
 * The card as a vCard 4.0 (RFC 6350), for "save contact". `photoUrl` is the public address of the
 * card's photo, when it has one.
 */
export function cardVcard(card: CardDocument, options: { photoUrl?: string | null; cardUrl?: string } = {}): string {
  const lines = ['BEGIN:VCARD', 'VERSION:4.0', `FN:${text(card.fullName)}`, `N:${structuredName(card.fullName)}`];
  if (card.organisation) lines.push(`ORG:${text(card.organisation)}`);
  if (card.title) lines.push(`TITLE:${text(card.title)}`);
  for (const phone of card.phones) lines.push(`TEL${typeParam(phone.label)}:${text(phone.value)}`);
  for (const email of card.emails) lines.push(`EMAIL${typeParam(email.label)}:${text(email.value)}`);
  if (card.website) lines.push(`URL:${card.website}`);
  if (card.address) {
    const a = card.address;
    const parts = ['', '', a.street, a.locality, a.region, a.postalCode, a.country].map((p) => text(p ?? ''));
    lines.push(`ADR:${parts.join(';')}`);
  }
  for (const social of card.social) lines.push(`X-SOCIALPROFILE;TYPE=${social.network}:${social.url}`);
  if (card.note) lines.push(`NOTE:${text(card.note)}`);
  if (options.photoUrl) lines.push(`PHOTO:${options.photoUrl}`);
  if (options.cardUrl) lines.push(`SOURCE:${options.cardUrl}`);
  lines.push('END:VCARD');
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** A file name for the download: the person's name in safe characters. */
export const vcardFileName = (card: CardDocument): string =>
  `${
    card.fullName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'contact'
  }.vcf`;
