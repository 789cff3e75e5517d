import { sql, type Kysely, type Selectable } from 'kysely';
import { insertRow } from '../../../db/columns.js';
import { chunks, codePointOrder } from '../../../db/dialect.js';
import { byName, namedRow, renamedRow } from '../../../db/named-rows.js';
import type { CampaignsTable, Schema } from '../../../db/schema.js';
import { deleteOwned, findOwned, updateOwned } from '../../../db/owned.js';
import type { Campaign, CampaignWithMembers, MemberRef, MemberType, TagCount } from '../campaigns.types.js';

/**
 * The table each member type lives in (its rows have `id` and `account_id`); codes and links share
 * `codes`, forms, pages and cards share `contents`, each told apart by its `kind` column.
 */
export const MEMBER_TABLES: Record<MemberType, 'codes' | 'contents'> = {
  code: 'codes',
  link: 'codes',
  form: 'contents',
  page: 'contents',
  card: 'contents',
};

/** Takes a thing that is being deleted out of its campaign and off every tag, in the deleting transaction. */
export async function forgetMember(db: Kysely<Schema>, accountId: string, ref: MemberRef): Promise<void> {
  await db
    .deleteFrom('campaign_members')
    .where('account_id', '=', accountId)
    .where('member_type', '=', ref.type)
    .where('member_id', '=', ref.id)
    .execute();
  await untag(db, accountId, ref);
}

/** Takes every tag off one thing. */
async function untag(db: Kysely<Schema>, accountId: string, ref: MemberRef): Promise<void> {
  await db
    .deleteFrom('taggings')
    .where('account_id', '=', accountId)
    .where('target_type', '=', ref.type)
    .where('target_id', '=', ref.id)
    .execute();
}

const toCampaign = (row: Selectable<CampaignsTable>): Campaign => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  startsAt: row.starts_at === null ? null : Number(row.starts_at),
  endsAt: row.ends_at === null ? null : Number(row.ends_at),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

export class CampaignsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  /** Throws the store's unique violation when the account already has a campaign of this name (any case). */
  async insert(campaign: Campaign, db: Kysely<Schema> = this.db): Promise<void> {
    await insertRow(db, 'campaigns', { ...namedRow(campaign), starts_at: campaign.startsAt, ends_at: campaign.endsAt });
  }

  async update(campaign: Campaign): Promise<void> {
    await updateOwned(this.db, 'campaigns', campaign, {
      ...renamedRow(campaign),
      starts_at: campaign.startsAt,
      ends_at: campaign.endsAt,
    });
  }

  async findInAccount(accountId: string, id: string, db: Kysely<Schema> = this.db): Promise<Campaign | null> {
    const row = await findOwned(db, 'campaigns', accountId, id);
    return row ? toCampaign(row) : null;
  }

  /** By name, case-insensitively, then id; each with its members. */
  async list(accountId: string, page: { limit: number; offset: number }): Promise<CampaignWithMembers[]> {
    const rows = await this.db
      .selectFrom('campaigns')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy(byName(this.db))
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const members = await this.membersOf(
      accountId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({ ...toCampaign(row), members: members.get(row.id) ?? [] }));
  }

  /** The members of the given campaigns, in the order they were added. */
  async membersOf(accountId: string, campaignIds: readonly string[]): Promise<Map<string, MemberRef[]>> {
    const out = new Map<string, MemberRef[]>();
    for (const ids of chunks(campaignIds, 500)) {
      const rows = await this.db
        .selectFrom('campaign_members')
        .select(['campaign_id', 'member_type', 'member_id'])
        .where('account_id', '=', accountId)
        .where('campaign_id', 'in', ids)
        .orderBy('added_at')
        .orderBy('member_type')
        .orderBy('member_id')
        .execute();
      for (const r of rows) {
        const list = out.get(r.campaign_id) ?? [];
        list.push({ type: r.member_type as MemberType, id: r.member_id });
        out.set(r.campaign_id, list);
      }
    }
    return out;
  }

  /** The ids among `ids` that are the account's objects of `type`. */
  async existing(
    accountId: string,
    type: MemberType,
    ids: readonly string[],
    db: Kysely<Schema> = this.db,
  ): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom(MEMBER_TABLES[type])
      .select('id')
      .where('account_id', '=', accountId)
      .where('kind', '=', type)
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Puts the things in the campaign, taking each out of the campaign it was in. */
  async moveIn(accountId: string, campaignId: string, refs: readonly MemberRef[], at: number, db: Kysely<Schema>): Promise<void> {
    for (const ref of refs) {
      await db
        .insertInto('campaign_members')
        .values({ account_id: accountId, member_type: ref.type, member_id: ref.id, campaign_id: campaignId, added_at: at })
        .onConflict((oc) =>
          oc.columns(['account_id', 'member_type', 'member_id']).doUpdateSet({ campaign_id: campaignId, added_at: at }),
        )
        .execute();
    }
  }

  async takeOut(accountId: string, campaignId: string, refs: readonly MemberRef[], db: Kysely<Schema>): Promise<void> {
    for (const ref of refs) {
      await db
        .deleteFrom('campaign_members')
        .where('account_id', '=', accountId)
        .where('campaign_id', '=', campaignId)
        .where('member_type', '=', ref.type)
        .where('member_id', '=', ref.id)
        .execute();
    }
  }

  /** Deletes the campaign; its members stay, in no campaign. False when the account has no such campaign. */
  async delete(accountId: string, id: string, db: Kysely<Schema>): Promise<boolean> {
    await db.deleteFrom('campaign_members').where('account_id', '=', accountId).where('campaign_id', '=', id).execute();
    return deleteOwned(db, 'campaigns', accountId, id);
  }

  /** Replaces the tags of one thing. */
  async setTags(accountId: string, ref: MemberRef, tags: readonly string[], db: Kysely<Schema>): Promise<void> {
    await untag(db, accountId, ref);
    if (tags.length === 0) return;
    await db
      .insertInto('taggings')
      .values(
        tags.map((tag) => ({
          account_id: accountId,
          target_type: ref.type,
          target_id: ref.id,
          tag,
          tag_lower: tag.toLowerCase(),
        })),
      )
      .execute();
  }

  /** Tags new things (nothing they had to replace): many at once, inside the caller's transaction. */
  async tagNew(
    accountId: string,
    items: readonly { ref: MemberRef; tags: readonly string[] }[],
    db: Kysely<Schema>,
  ): Promise<void> {
    const rows = items.flatMap(({ ref, tags }) =>
      tags.map((tag) => ({ account_id: accountId, target_type: ref.type, target_id: ref.id, tag, tag_lower: tag.toLowerCase() })),
    );
    for (const part of chunks(rows)) await db.insertInto('taggings').values(part).execute();
  }

  async tagsOf(accountId: string, ref: MemberRef): Promise<string[]> {
    const rows = await this.db
      .selectFrom('taggings')
      .select('tag')
      .where('account_id', '=', accountId)
      .where('target_type', '=', ref.type)
      .where('target_id', '=', ref.id)
      .orderBy('tag_lower')
      .execute();
    return rows.map((r) => r.tag);
  }

  /** Tags in use (compared without case), most used first, each with how many things carry it. */
  async tagCounts(accountId: string): Promise<TagCount[]> {
    const rows = await this.db
      .selectFrom('taggings')
      .select(['tag_lower', sql<string>`min(tag)`.as('tag'), sql<number>`count(*)`.as('count')])
      .where('account_id', '=', accountId)
      .groupBy('tag_lower')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(codePointOrder(this.db, 'tag_lower'))
      .execute();
    return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
  }
}
