import type { Static } from '@sinclair/typebox';
import { iso } from '../../../../lib/clock.js';
import { shortBase, type Gs1Entry as Gs1Record } from '../../../../catalog/index.js';
import type { Gs1Entry } from './schema.js';

export function presentGs1(entry: Gs1Record, publicUrl: string): Static<typeof Gs1Entry> {
  return {
    id: entry.id,
    key: entry.key,
    url: `${new URL(shortBase(publicUrl, entry.domain)).origin}/${entry.key}`,
    links: entry.links.map((l) => ({
      linkType: l.linkType,
      href: l.href,
      lang: l.lang,
      type: l.type,
      title: l.title,
      default: l.isDefault,
    })),
    createdAt: iso(entry.createdAt),
    updatedAt: iso(entry.updatedAt),
  };
}
