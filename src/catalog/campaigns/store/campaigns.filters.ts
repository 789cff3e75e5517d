import { sql, type SelectQueryBuilder } from 'kysely';
import type { Schema } from '../../../db/schema.js';
import type { MemberFilters, MemberType } from '../campaigns.types.js';

/**
 * Narrows a list of codes or links (the `codes` table) to a tag and/or a campaign, for the
 * repository that lists them.
 */
export function withMemberFilters<O>(
  query: SelectQueryBuilder<Schema, 'codes', O>,
  type: Extract<MemberType, 'code' | 'link'>,
  filters: MemberFilters,
): SelectQueryBuilder<Schema, 'codes', O> {
  const table = 'codes';
  let q = query;
  if (filters.tag !== undefined) {
    const tag = filters.tag.trim().toLowerCase();
    q = q.where(
      sql<boolean>`exists (select 1 from taggings g where g.account_id = ${sql.ref(`${table}.account_id`)} and g.target_type = ${type} and g.target_id = ${sql.ref(`${table}.id`)} and g.tag_lower = ${tag})`,
    );
  }
  if (filters.campaignId !== undefined) {
    q = q.where(
      sql<boolean>`exists (select 1 from campaign_members m where m.account_id = ${sql.ref(`${table}.account_id`)} and m.member_type = ${type} and m.member_id = ${sql.ref(`${table}.id`)} and m.campaign_id = ${filters.campaignId})`,
    );
  }
  return q;
}
