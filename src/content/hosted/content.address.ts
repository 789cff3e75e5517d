import { foundById } from '../../lib/found.js';
import { shortBase } from '../../catalog/index.js';
import type { Person } from '../../platform/index.js';
import type { ContentRepository } from './store/content.repository.js';
import { CONTENT_PATHS, type Content, type ContentKind } from './content.types.js';

/**
 * The public address of a form, page or card: on the account's own domain when it has one, ending in
 * its slug when it has one (its id's address keeps working).
 */
export const contentUrl = (content: Pick<Content<unknown>, 'kind' | 'id' | 'domain' | 'slug'>, publicUrl: string): string =>
  `${shortBase(publicUrl, content.domain)}/${CONTENT_PATHS[content.kind]}/${content.slug ?? content.id}`;

/** Looks up the address of an account's content for a code that leads to it (404 for another account's). */
export const contentAddresses =
  (contents: ContentRepository, publicUrl: string) =>
  async (actor: Pick<Person, 'accountId'>, ref: { type: ContentKind; id: string }): Promise<string> => {
    const content = await foundById(ref.type, ref.id, (id) => contents.findInAccount(actor.accountId, ref.type, id));
    return contentUrl(content, publicUrl);
  };
