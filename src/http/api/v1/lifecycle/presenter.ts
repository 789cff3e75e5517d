import { iso } from '../../../../lib/clock.js';
import {
  hasExpired,
  type Code,
  type Repoint as RepointRecord,
  type UtmTemplate as UtmTemplateRecord,
} from '../../../../catalog/index.js';
import type { Static } from '@sinclair/typebox';
import type { Repoint, UtmTemplate } from './schema.js';

export const presentRepoint = (repoint: RepointRecord): Static<typeof Repoint> => ({
  id: repoint.id,
  url: repoint.url,
  at: iso(repoint.at),
  status: repoint.status,
  createdAt: iso(repoint.createdAt),
  appliedAt: repoint.appliedAt === null ? null : iso(repoint.appliedAt),
});

export const presentUtmTemplate = (template: UtmTemplateRecord): Static<typeof UtmTemplate> => ({
  id: template.id,
  name: template.name,
  utm: template.utm,
  createdAt: iso(template.createdAt),
  updatedAt: iso(template.updatedAt),
});

/** A code's or link's lifecycle fields as the API reads them, but the limit (named per kind). */
export function presentLifecycle(code: Code, publicUrl: string, now: number) {
  const { expiry, preview } = code;
  return {
    expiresAt: expiry.expiresAt === null ? null : iso(expiry.expiresAt),
    expiredUrl: expiry.expiredUrl,
    expired: hasExpired(expiry, code.uses, now),
    utm: code.utm,
    preview:
      preview === null
        ? null
        : {
            title: preview.title,
            description: preview.description,
            imageId: preview.imageId,
            imageUrl: preview.imagePath === null ? null : `${publicUrl}${preview.imagePath}`,
          },
  };
}
