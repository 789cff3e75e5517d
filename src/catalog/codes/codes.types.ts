import type { Design, DesignInput } from '../designs/design.schema.js';
import type { ContentKind } from './content-kinds.js';
import type { Rule } from '../routing/rules.schema.js';
import type { Expiry } from '../lifecycle/expiry.js';
import type { Preview, PreviewInput } from '../lifecycle/preview.js';
import type { Utm } from '../lifecycle/utm.js';

/** Hosted content a dynamic code leads to instead of an address. */
export interface ContentRef {
  type: ContentKind;
  id: string;
}

export type CodeMode = 'dynamic' | 'static';
/** A QR code, or a short link: the same thing shown by its address rather than its symbol. */
export type CodeKind = 'code' | 'link';
export type CodeStatus = 'active' | 'paused' | 'archived';

export interface Code {
  id: string;
  accountId: string;
  kind: CodeKind;
  /** A link's name may be '' (none given). */
  name: string;
  mode: CodeMode;
  status: CodeStatus;
  /** Namespace of the ending: '' for the PUBLIC_URL host, else the account's domain. */
  domain: string;
  shortCode: string | null;
  destination: string;
  design: Design;
  rules: Rule[];
  /** scrypt hash of the gate password, or null when the code is not gated. */
  gateHash: string | null;
  /** The folder the code is in, if any. */
  folderId: string | null;
  /** The form, page or card the code leads to (its destination is then that content's address). */
  content: ContentRef | null;
  /** Lifetime scans (of a link: clicks). */
  scans: number;
  /** When it stops forwarding (by date, by count), and where it sends then. */
  expiry: Expiry;
  /** Counted visits taken against `expiry.maxScans` (kept only while there is a limit). */
  uses: number;
  /** UTM parameters appended to every destination it forwards to. */
  utm: Utm | null;
  /** What link-preview robots are shown instead of a redirect. */
  preview: Preview | null;
  /** The lifetime visits another service counted before the code was moved in, kept apart from `scans`. */
  imported?: ImportedTotal | null;
  createdAt: number;
  updatedAt: number;
}

/** Visits counted by the service a code or link was moved in from: a figure, never events. */
export interface ImportedTotal {
  source: string;
  total: number;
}

/** The look, rules and gate a code is given, on creation and on change alike. */
interface CodeSettingsInput {
  design?: DesignInput;
  rules?: Rule[];
  gate?: { password: string } | null;
  /** Saves a design whose symbol fails the scannability check. */
  acceptUnscannable?: boolean;
  expiresAt?: string | null;
  maxScans?: number | null;
  expiredUrl?: string | null;
  utm?: Utm | null;
  preview?: PreviewInput | null;
}

export interface CreateCodeInput extends CodeSettingsInput {
  /** Required for a code; a link may have none. */
  name?: string;
  /** The destination; a dynamic code may give `content` instead. */
  url?: string;
  content?: ContentRef;
  mode?: CodeMode;
  shortCode?: string;
  folderId?: string | null;
  /** A saved design to copy; `design` fields, if any, override it. */
  templateId?: string;
}

export interface UpdateCodeInput extends CodeSettingsInput {
  name?: string;
  /** Repoints to an address (and away from any content), or with `content` to a form, page or card. */
  url?: string;
  content?: ContentRef;
  status?: 'active' | 'paused';
  /** Moves the code; null takes it out of its folder. */
  folderId?: string | null;
  /** A saved design to copy over the code's design; `design` fields, if any, override it. */
  templateId?: string;
}

export interface ListCodesQuery {
  limit: number;
  offset: number;
  name?: string;
  status?: CodeStatus;
  folderId?: string;
  /** Only the codes carrying this tag (any case). */
  tag?: string;
  /** Only the codes in this campaign. */
  campaignId?: string;
  /** The order: by `created` (the default, newest first as `-created`), `name` or `scans`; a leading `-` reverses it. */
  sort?: CodeSort;
}

export const CODE_SORTS = ['-created', 'created', 'name', '-name', '-scans', 'scans'] as const;
export type CodeSort = (typeof CODE_SORTS)[number];

export const NAME_MAX = 200;

/** A short link: a code of kind 'link', always dynamic. */
export type Link = Code;
