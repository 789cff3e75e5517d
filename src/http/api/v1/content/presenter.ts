import { iso } from '../../../../lib/clock.js';
import { contentUrl } from '../../../../content/hosted/content.address.js';
import type { Content } from '../../../../content/hosted/content.types.js';

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
