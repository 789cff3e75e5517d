export interface Link {
  id: string;
  accountId: string;
  /** Namespace of the ending: '' for the PUBLIC_URL host, else the account's domain. */
  domain: string;
  shortCode: string;
  destination: string;
  clicks: number;
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
