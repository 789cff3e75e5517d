import { iso } from '../../../../lib/clock.js';
import { shortBase } from '../../../../modules/codes/code-address.js';
import { CONTENT_PATHS, type Content } from '../../../../modules/content/content.types.js';

/** The public address of a form, page or card: on the account's own domain when it has one. */
export const contentUrl = (content: Pick<Content<unknown>, 'kind' | 'id' | 'domain'>, publicUrl: string): string =>
  `${shortBase(publicUrl, content.domain)}/${CONTENT_PATHS[content.kind]}/${content.id}`;

/** A form, page or card: the shared fields with the kind's own document spread among them. */
export function presentContent<D extends object>(content: Content<D>, publicUrl: string) {
  return {
    id: content.id,
    name: content.name,
    url: contentUrl(content, publicUrl),
    status: content.status,
    ...content.document,
    retentionDays: content.retentionDays,
    createdAt: iso(content.createdAt),
    updatedAt: iso(content.updatedAt),
  };
}
