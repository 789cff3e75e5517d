import type { ContentKind } from '../../catalog/index.js';

export { CONTENT_KINDS, CONTENT_PATHS, type ContentKind } from '../../catalog/index.js';

export const CONTENT_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_NAME_MAX = 100;
/** The longest a reply is kept when a retention is set, in days (ten years). */
export const RETENTION_MAX_DAYS = 3650;

/** One form, page or card of an account. `document` holds what its kind adds. */
export interface Content<D> {
  id: string;
  accountId: string;
  kind: ContentKind;
  name: string;
  status: ContentStatus;
  /** The account's custom domain when the content was made ('' for the service's own). */
  domain: string;
  /** Its readable public address's last part (`/f/<slug>`), unique on its domain; null: only the id. */
  slug: string | null;
  document: D;
  /** Replies older than this many days are deleted by the retention job; null keeps them. */
  retentionDays: number | null;
  createdAt: number;
  updatedAt: number;
}

/** What every kind accepts on creation besides its own document fields. */
export interface ContentCreateInput {
  name: string;
  /** `published` unless `draft` is asked for. */
  status?: 'draft' | 'published';
  retentionDays?: number | null;
  /** A readable address (the endings' rules); null or left out: the id only. */
  slug?: string | null;
}

export interface ContentUpdateInput {
  name?: string;
  retentionDays?: number | null;
  /** A new readable address, or null to go back to the id only; the id's address keeps working. */
  slug?: string | null;
}

/**
 * What a kind of content adds to the shared rules: how its document is checked and completed from a
 * request (`previous` is the stored document on a change, whose fields stay when not given).
 */
export interface ContentKindSpec<D, I> {
  kind: ContentKind;
  document(input: I, previous: D | null): D;
  /** The media library items the document shows (images, a photo): each must be the account's. */
  mediaIds?(document: D): string[];
  /** The account's people the document names (those told of a form's submissions): each must be active. */
  userIds?(document: D): string[];
}

/** A reply sent through hosted content: a form's submission or a card's enquiry. */
export const SUBMISSION_KINDS = ['submission', 'enquiry'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export type Answer = string | number | boolean | null;

export interface Submission {
  id: string;
  accountId: string;
  contentId: string;
  kind: SubmissionKind;
  answers: Record<string, Answer>;
  createdAt: number;
}
