import { iso } from '../../../../lib/clock.js';
import { hasExpired, type Code } from '../../../../catalog/index.js';

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
