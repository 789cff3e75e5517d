import { iso } from '../../../../lib/clock.js';
import { contentUrl, type Content } from '../../../../content/index.js';

/** A form, page or card: the shared fields with the kind's own document spread among them. */
export function presentContent<D extends object>(content: Content<D>, publicUrl: string) {
  return {
    id: content.id,
    name: content.name,
    url: contentUrl(content, publicUrl),
    slug: content.slug,
    status: content.status,
    ...content.document,
    retentionDays: content.retentionDays,
    createdAt: iso(content.createdAt),
    updatedAt: iso(content.updatedAt),
  };
}
