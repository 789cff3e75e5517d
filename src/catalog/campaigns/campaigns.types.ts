/** What a campaign groups and a tag labels; each type's table is in `MEMBER_TABLES`. */
export const MEMBER_TYPES = ['code', 'link', 'form', 'page', 'card'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

export interface MemberRef {
  type: MemberType;
  id: string;
}

export interface Campaign {
  id: string;
  accountId: string;
  name: string;
  /** Epoch milliseconds, or null: open-ended. */
  startsAt: number | null;
  endsAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface CampaignWithMembers extends Campaign {
  members: MemberRef[];
}

export interface CreateCampaignInput {
  name: string;
  startsAt?: string | null;
  endsAt?: string | null;
  members?: MemberRef[];
}

export interface UpdateCampaignInput {
  name?: string;
  startsAt?: string | null;
  endsAt?: string | null;
}

export interface MoveMembersInput {
  add?: MemberRef[];
  remove?: MemberRef[];
}

/** A tag in use and how many things carry it. */
export interface TagCount {
  tag: string;
  count: number;
}

/** Filters the code and link lists accept. */
export interface MemberFilters {
  tag?: string;
  campaignId?: string;
}

export const CAMPAIGN_NAME_MAX = 100;
export const TAG_MAX = 50;
export const TAGS_PER_OBJECT_MAX = 20;
export const MEMBERS_PER_REQUEST_MAX = 100;
