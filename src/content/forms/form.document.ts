import { InvalidRequest } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { validFields, type FormField } from './form.fields.js';
import type { ContentKindSpec } from '../hosted/content.types.js';
import { changed, validColour, validRedirect } from '../hosted/content.document.js';

export const THANK_YOU_MAX = 1000;
export const DEFAULT_THANK_YOU = 'Thank you: your answers have been sent.';

/** What a form adds to the content every kind shares. */
export interface FormDocument {
  fields: FormField[];
  /** Shown after a submission, unless `redirectUrl` is set. */
  thankYouMessage: string;
  /** Where a visitor is sent after a submission instead of the thank-you page (http or https). */
  redirectUrl: string | null;
  /** The page's main colour, as #rrggbb. */
  colour: string | null;
  /** Team members told by e-mail of each submission: ids of the account's people. */
  notifyUserIds: string[];
  /**
   * Whether a visitor's browser must solve a proof-of-work challenge before the form is sent.
   * Off by default; a form with it on needs JavaScript. Absent on forms stored before it existed.
   */
  challenge?: boolean;
}

export interface FormInput {
  fields?: FormField[];
  thankYouMessage?: string;
  redirectUrl?: string | null;
  colour?: string | null;
  notifyUserIds?: string[];
  challenge?: boolean;
}

/** At most this many people are told of each submission. */
export const NOTIFY_MAX = 10;

function validNotify(value: string[]): string[] {
  const ids = [...new Set(value)];
  if (ids.length > NOTIFY_MAX || ids.some((id) => !isId(id)))
    throw new InvalidRequest(`notifyUserIds must name at most ${NOTIFY_MAX} people of the team by id.`, 'notifyUserIds');
  return ids;
}

function validThankYou(value: string): string {
  const text = value.trim();
  if (text.length === 0 || text.length > THANK_YOU_MAX)
    throw new InvalidRequest(`thankYouMessage must be 1 to ${THANK_YOU_MAX} characters.`, 'thankYouMessage');
  return text;
}

function validChallenge(value: boolean): boolean {
  if (typeof value !== 'boolean') throw new InvalidRequest('challenge must be true or false.', 'challenge');
  return value;
}

/** Whether the form asks for a solved challenge (forms stored before the setting existed do not). */
export const hasChallenge = (document: FormDocument): boolean => document.challenge === true;

export const formSpec: ContentKindSpec<FormDocument, FormInput> = {
  kind: 'form',
  document(input, previous) {
    if (!previous && input.fields === undefined) throw new InvalidRequest('fields is required.', 'fields');
    return {
      fields: changed(input.fields, previous?.fields, validFields, []),
      thankYouMessage: changed(input.thankYouMessage, previous?.thankYouMessage, validThankYou, DEFAULT_THANK_YOU),
      redirectUrl: changed(input.redirectUrl, previous?.redirectUrl, (v) => validRedirect(v, 'redirectUrl'), null),
      colour: changed(input.colour, previous?.colour, validColour, null),
      notifyUserIds: changed(input.notifyUserIds, previous?.notifyUserIds, validNotify, []),
      challenge: changed(input.challenge, previous?.challenge, validChallenge, false),
    };
  },
  userIds: (document) => document.notifyUserIds,
};
