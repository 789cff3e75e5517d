import { InvalidRequest } from '../../lib/errors.js';
import {
  changed,
  LABEL_MAX,
  optionalText,
  validColour,
  validRedirect,
  validSocial,
  validText,
  type SocialLink,
} from '../hosted/content.document.js';
import type { ContentKindSpec } from '../hosted/content.types.js';

export const CONTACTS_MAX = 10;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^\+?[0-9 ().-]{3,40}$/;

export interface Labelled {
  /** Work, mobile, home...: free text. */
  label: string | null;
  value: string;
}

export interface PostalAddress {
  street: string | null;
  locality: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
}

/** What a digital business card adds to the content every kind shares. */
export interface CardDocument {
  fullName: string;
  title: string | null;
  organisation: string | null;
  /** A media item of the account's library. */
  photoMediaId: string | null;
  phones: Labelled[];
  emails: Labelled[];
  website: string | null;
  address: PostalAddress | null;
  social: SocialLink[];
  note: string | null;
  /** Whether the card page offers an enquiry form (name, e-mail, message). */
  enquiries: boolean;
  colour: string | null;
}

export type CardInput = Partial<Omit<CardDocument, 'address'>> & { address?: Partial<PostalAddress> | null };

function labelled(items: readonly Labelled[], field: string, pattern: RegExp): Labelled[] {
  if (items.length > CONTACTS_MAX) throw new InvalidRequest(`${field} has at most ${CONTACTS_MAX} entries.`, field);
  return items.map((item) => {
    const value = item.value.trim();
    if (!pattern.test(value) || value.length > 254) throw new InvalidRequest(`${field} has an entry that is not valid.`, field);
    return { label: optionalText(item.label, 40, field), value };
  });
}

function address(value: Partial<PostalAddress> | null): PostalAddress | null {
  if (value === null) return null;
  const part = (v: string | null | undefined, name: string) => optionalText(v, LABEL_MAX, `address.${name}`);
  const out: PostalAddress = {
    street: part(value.street, 'street'),
    locality: part(value.locality, 'locality'),
    region: part(value.region, 'region'),
    postalCode: part(value.postalCode, 'postalCode'),
    country: part(value.country, 'country'),
  };
  return Object.values(out).every((v) => v === null) ? null : out;
}

export const cardSpec: ContentKindSpec<CardDocument, CardInput & { name?: string }> = {
  kind: 'card',
  document: (input, previous) => ({
    // A new card is named after its person unless a full name is given.
    fullName: changed(input.fullName, previous?.fullName, (v) => validText(v, LABEL_MAX, 'fullName'), (input.name ?? '').trim()),
    title: changed(input.title, previous?.title, (v) => optionalText(v, LABEL_MAX, 'title'), null),
    organisation: changed(input.organisation, previous?.organisation, (v) => optionalText(v, LABEL_MAX, 'organisation'), null),
    photoMediaId: changed(input.photoMediaId, previous?.photoMediaId, (v) => v, null),
    phones: changed(input.phones, previous?.phones, (v) => labelled(v, 'phones', PHONE), []),
    emails: changed(input.emails, previous?.emails, (v) => labelled(v, 'emails', EMAIL), []),
    website: changed(input.website, previous?.website, (v) => validRedirect(v, 'website'), null),
    address: changed(input.address, previous?.address, address, null),
    social: changed(input.social, previous?.social, (v) => validSocial(v, 'social'), []),
    note: changed(input.note, previous?.note, (v) => optionalText(v, 1000, 'note'), null),
    enquiries: changed(input.enquiries, previous?.enquiries, (v) => v === true, true),
    colour: changed(input.colour, previous?.colour, validColour, null),
  }),
  mediaIds: (document) => (document.photoMediaId ? [document.photoMediaId] : []),
};
