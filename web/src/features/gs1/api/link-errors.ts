import { ApiError } from '../../../lib/api-client';

export type LinkField = 'linkType' | 'href' | 'lang' | 'type' | 'title';

export interface Gs1FormErrors {
  key: string | null;
  /** Per link (by its place in the list), per field; `row` is about the link as a whole. */
  links: Record<number, Partial<Record<LinkField | 'row', string>>>;
  form: string | null;
}

const LINK_FIELD = /^(?:body\.)?links(?:\[(\d+)\]|\.(\d+))(?:\.(linkType|href|lang|type|title))?/;

/** Messages about the links as a whole ("links must hold...", "Exactly one link is the default..."). */
const ABOUT_LINKS = /^(?:body\.)?links\b|^Exactly one link/;

/**
 * Places the API's refusal beside what it names: "links[1].lang ..." (the service) or
 * "body.links.1.href ..." (the schema) beside that link's field; when registering (`withKey`), any
 * other refused value is the key's (the key's messages name the GS1 part at fault: "GTIN ... has a
 * wrong check digit"); the rest above the form.
 */
export function gs1Errors(error: unknown, withKey: boolean): Gs1FormErrors {
  const out: Gs1FormErrors = { key: null, links: {}, form: null };
  if (!error) return out;
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  if (!(error instanceof ApiError)) return { ...out, form: message };
  const text = message.replace(/^body\./, '');
  const link = LINK_FIELD.exec(message);
  if (link) {
    const at = Number(link[1] ?? link[2]);
    out.links[at] = { [link[3] ?? 'row']: text };
  } else if (withKey && error.code === 'invalid_request' && !ABOUT_LINKS.test(message)) out.key = text;
  else out.form = text;
  return out;
}
