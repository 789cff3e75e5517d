import { sql, type SelectQueryBuilder } from 'kysely';
import type { Schema } from '../../../db/schema.js';
import type { MemberFilters, MemberType } from '../campaigns.types.js';

/**
 * Narrows a list of one member type (codes, links) to a tag and/or a campaign, for the repositories
 * that list them. `table` is the listed table, whose `id` and `account_id` the subqueries compare.
 */
export function withMemberFilters<T extends 'codes' | 'links', O>(
  query: SelectQueryBuilder<Schema, T, O>,
  table: T,
  type: MemberType,
  filters: MemberFilters,
): SelectQueryBuilder<Schema, T, O> {
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
