import type { ImportedTotal } from '../codes/codes.types.js';

export interface Link {
  id: string;
  accountId: string;
  /** Namespace of the ending: '' for the PUBLIC_URL host, else the account's domain. */
  domain: string;
  shortCode: string;
  destination: string;
  /** A title (given when the link was moved in from another service). */
  name: string | null;
  clicks: number;
  /** The lifetime visits another service counted before the link was moved in, kept apart from `clicks`. */
  imported?: ImportedTotal | null;
  createdAt: number;
  updatedAt: number;
}

export interface CreateLinkInput {
  url: string;
  shortCode?: string;
}

export interface UpdateLinkInput {
  url?: string;
}
