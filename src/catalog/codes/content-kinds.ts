/** The kinds of hosted content, each served at its own path under the public address ; a code may point at one. */
export const CONTENT_KINDS = ['form', 'page', 'card'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** The first path segment of each kind's public address: never an ending (endings are 3+ characters). */
export const CONTENT_PATHS: Record<ContentKind, string> = { form: 'f', page: 'p', card: 'c' };
