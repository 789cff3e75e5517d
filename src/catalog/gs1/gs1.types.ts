/** One link of a GS1 key: where a request for its link type (and language, media type) goes. */
export interface Gs1Link {
  linkType: string;
  href: string;
  /** Language, optionally with a region (`en`, `fr-CA`), or null for any language. */
  lang: string | null;
  /** Media type of the target (`text/html`, `application/pdf`), or null. */
  type: string | null;
  title: string;
  isDefault: boolean;
}

/** A registered GS1 key (primary key and qualifiers) with its links; exactly one of them is the default. */
export interface Gs1Entry {
  id: string;
  accountId: string;
  /** The namespace the key is registered in: '' for the service's own host, else the account's custom domain. */
  domain: string;
  /** Canonical Digital Link path without the leading slash: `01/09506000134352/10/ABC`. */
  key: string;
  primaryAi: string;
  links: Gs1Link[];
  createdAt: number;
  updatedAt: number;
}

export interface Gs1LinkInput {
  linkType: string;
  href: string;
  lang?: string | null;
  type?: string | null;
  title?: string | null;
  default?: boolean;
}

export interface CreateGs1Input {
  key: string;
  links: Gs1LinkInput[];
}

export interface UpdateGs1Input {
  links?: Gs1LinkInput[];
}

export const GS1_LINKS_MAX = 50;
export const GS1_TITLE_MAX = 200;
export const GS1_KEY_MAX = 200;

/** A GS1 company prefix the operator assigned to an account. */
export interface Gs1Prefix {
  prefix: string;
  accountId: string;
  createdAt: number;
}
