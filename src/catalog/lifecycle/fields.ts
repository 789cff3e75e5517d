import { NO_EXPIRY, validExpiry, type Expiry, type ExpiryInput } from './expiry.js';
import { validPreview, type Preview, type PreviewInput } from './preview.js';
import { validUtm, type Utm } from './utm.js';

/** The lifecycle settings a code or link carries. */
export interface LifecycleFields {
  expiry: Expiry;
  utm: Utm | null;
  preview: Preview | null;
}

export interface LifecycleInput extends ExpiryInput {
  utm?: Utm | null;
  preview?: PreviewInput | null;
}

/** What a new code or link starts from. */
export const NO_LIFECYCLE: LifecycleFields = { expiry: NO_EXPIRY, utm: null, preview: null };

export interface LifecycleChecks {
  /** Checks an address as every destination is checked (the expired address). */
  destination: (value: string, field: string) => string;
  /** How the API names the count limit: `maxScans`, or `maxClicks` for a link. */
  maxField: string;
  /** The public path of a media image of the account, or null when it has none by that id. */
  imagePath: (id: string) => Promise<string | null>;
}

/** Expiry, UTM parameters and preview after `input` changes `base`, each checked (400 naming the field). */
export async function lifecycleFields(
  input: LifecycleInput,
  base: LifecycleFields,
  checks: LifecycleChecks,
): Promise<LifecycleFields> {
  const expiry =
    input.expiresAt === undefined && input.maxScans === undefined && input.expiredUrl === undefined
      ? base.expiry
      : validExpiry(input, base.expiry, checks.destination, checks.maxField);
  return {
    expiry,
    utm: input.utm === undefined ? base.utm : validUtm(input.utm),
    preview: input.preview === undefined ? base.preview : await validPreview(input.preview, checks.imagePath),
  };
}

/** Whether any lifecycle setting is made (a static code takes none). */
export function hasLifecycle(fields: LifecycleFields): boolean {
  return fields.expiry !== NO_EXPIRY || fields.utm !== null || fields.preview !== null;
}
