import { isUniqueViolation } from '../../db/dialect.js';
import type { Transactor, Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { InvalidRequest, NotFound } from '../../lib/errors.js';
import { foundById } from '../../lib/found.js';
import { isId } from '../../lib/ids.js';
import { newNamed, validName } from '../../db/names.js';
import { assertCan, type Person } from '../../platform/index.js';
import type { CampaignsRepository } from './store/campaigns.repository.js';
import {
  CAMPAIGN_NAME_MAX,
  MEMBER_TYPES,
  MEMBERS_PER_REQUEST_MAX,
  TAG_MAX,
  TAGS_PER_OBJECT_MAX,
  type Campaign,
  type CampaignWithMembers,
  type CreateCampaignInput,
  type MemberRef,
  type MoveMembersInput,
  type TagCount,
  type UpdateCampaignInput,
} from './campaigns.types.js';

function instant(value: string | null | undefined, field: string): number | null | undefined {
  if (value === undefined || value === null) return value;
  const at = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(at))
    throw new InvalidRequest(`${field} must be an ISO 8601 date-time.`, field);
  return at;
}

function validWindow(startsAt: number | null, endsAt: number | null): void {
  if (startsAt !== null && endsAt !== null && endsAt < startsAt)
    throw new InvalidRequest('endsAt must not be before startsAt.', 'endsAt');
}

/** A tag as a person writes it: trimmed, inner spaces collapsed, 1 to TAG_MAX characters. */
export function validTag(value: string, field = 'tags'): string {
  const tag = value.trim().replace(/\s+/g, ' ');
  if (tag.length === 0 || tag.length > TAG_MAX)
    throw new InvalidRequest(`${field}: a tag must be 1 to ${TAG_MAX} characters.`, field);
  return tag;
}

/**
 * Campaigns (a named group of codes, links, forms, pages and cards, with optional start and end) and
 * tags (free labels on the same things). Reading needs content:read, changing content:write. A thing
 * is in at most one campaign; adding it to another moves it.
 */
export class CampaignsService {
  constructor(
    private readonly repo: CampaignsRepository,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
  ) {}

  async list(actor: Person, page: { limit: number; offset: number }): Promise<CampaignWithMembers[]> {
    assertCan(actor, 'content:read');
    return this.repo.list(actor.accountId, page);
  }

  async get(actor: Person, id: string): Promise<CampaignWithMembers> {
    assertCan(actor, 'content:read');
    const campaign = await foundById('campaign', id, (id) => this.repo.findInAccount(actor.accountId, id));
    return { ...campaign, members: (await this.repo.membersOf(actor.accountId, [id])).get(id) ?? [] };
  }

  async create(actor: Person, input: CreateCampaignInput): Promise<CampaignWithMembers> {
    assertCan(actor, 'content:write');
    const now = this.clock.now();
    const campaign: Campaign = {
      ...newNamed(actor.accountId, input.name, CAMPAIGN_NAME_MAX, now),
      startsAt: instant(input.startsAt, 'startsAt') ?? null,
      endsAt: instant(input.endsAt, 'endsAt') ?? null,
    };
    validWindow(campaign.startsAt, campaign.endsAt);
    const members = this.refs(input.members ?? [], 'members');
    await this.unique(campaign.name, () =>
      this.transactor.run(async (tx) => {
        await this.repo.insert(campaign, tx);
        await this.assertExist(actor.accountId, members, 'members', tx);
        await this.repo.moveIn(actor.accountId, campaign.id, members, now, tx);
      }),
    );
    return { ...campaign, members };
  }

  async update(actor: Person, id: string, input: UpdateCampaignInput): Promise<CampaignWithMembers> {
    assertCan(actor, 'content:write');
    const current = await this.get(actor, id);
    const next: CampaignWithMembers = {
      ...current,
      name: input.name === undefined ? current.name : validName(input.name, CAMPAIGN_NAME_MAX),
      startsAt: input.startsAt === undefined ? current.startsAt : instant(input.startsAt, 'startsAt')!,
      endsAt: input.endsAt === undefined ? current.endsAt : instant(input.endsAt, 'endsAt')!,
      updatedAt: this.clock.now(),
    };
    validWindow(next.startsAt, next.endsAt);
    await this.unique(next.name, () => this.repo.update(next));
    return next;
  }

  /** Moves things into the campaign (out of any other) and takes others out, in one transaction. */
  async moveMembers(actor: Person, id: string, input: MoveMembersInput): Promise<CampaignWithMembers> {
    assertCan(actor, 'content:write');
    const add = this.refs(input.add ?? [], 'add');
    const remove = this.refs(input.remove ?? [], 'remove');
    await this.get(actor, id);
    await this.transactor.run(async (tx) => {
      if (!(await this.repo.findInAccount(actor.accountId, id, tx))) throw new NotFound('campaign');
      await this.assertExist(actor.accountId, add, 'add', tx);
      await this.repo.takeOut(actor.accountId, id, remove, tx);
      await this.repo.moveIn(actor.accountId, id, add, this.clock.now(), tx);
    });
    return this.get(actor, id);
  }

  /** Deletes the campaign; its members stay, in no campaign. */
  async delete(actor: Person, id: string): Promise<void> {
    assertCan(actor, 'content:write');
    if (!isId(id)) throw new NotFound('campaign');
    if (!(await this.transactor.run((tx) => this.repo.delete(actor.accountId, id, tx)))) throw new NotFound('campaign');
  }

  /** The members of a campaign, for its analytics (the caller has checked what the actor may read). */
  async membersFor(actor: Person, id: string): Promise<MemberRef[]> {
    return (await this.get(actor, id)).members;
  }

  async tags(actor: Person): Promise<TagCount[]> {
    assertCan(actor, 'content:read');
    return this.repo.tagCounts(actor.accountId);
  }

  async tagsOf(actor: Person, ref: MemberRef): Promise<string[]> {
    assertCan(actor, 'content:read');
    const [target] = this.refs([ref], 'target');
    await this.assertExist(actor.accountId, [target!], 'target');
    return this.repo.tagsOf(actor.accountId, target!);
  }

  /** Replaces the tags of one thing (an empty list removes them all); tags differing only in case are one. */
  async setTags(actor: Person, ref: MemberRef, tags: readonly string[]): Promise<string[]> {
    assertCan(actor, 'content:write');
    const [target] = this.refs([ref], 'target');
    if (tags.length > TAGS_PER_OBJECT_MAX) throw new InvalidRequest(`tags may hold at most ${TAGS_PER_OBJECT_MAX} tags.`, 'tags');
    const unique = new Map<string, string>();
    for (const tag of tags.map((t) => validTag(t))) if (!unique.has(tag.toLowerCase())) unique.set(tag.toLowerCase(), tag);
    await this.transactor.run(async (tx) => {
      await this.assertExist(actor.accountId, [target!], 'target', tx);
      await this.repo.setTags(actor.accountId, target!, [...unique.values()], tx);
    });
    return this.repo.tagsOf(actor.accountId, target!);
  }

  /** Valid, de-duplicated references of types this server serves. */
  private refs(refs: readonly MemberRef[], field: string): MemberRef[] {
    if (refs.length > MEMBERS_PER_REQUEST_MAX)
      throw new InvalidRequest(`${field} may name at most ${MEMBERS_PER_REQUEST_MAX} things.`, field);
    const seen = new Map<string, MemberRef>();
    for (const ref of refs) {
      if (!(MEMBER_TYPES as readonly string[]).includes(ref.type))
        throw new InvalidRequest(`${field}: type must be one of ${MEMBER_TYPES.join(', ')}.`, field);
      seen.set(`${ref.type}:${ref.id}`, { type: ref.type, id: ref.id });
    }
    return [...seen.values()];
  }

  /** 404 naming the first reference that is not the account's (another account's thing is unknown here). */
  private async assertExist(accountId: string, refs: readonly MemberRef[], field: string, tx?: Tx): Promise<void> {
    for (const type of MEMBER_TYPES) {
      const ids = refs.filter((r) => r.type === type).map((r) => r.id);
      if (ids.length === 0) continue;
      const found = await this.repo.existing(accountId, type, ids.filter(isId), tx);
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw new NotFound(`${type} ${missing} (in ${field})`);
    }
  }

  private async unique(name: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new InvalidRequest(`name "${name}" is already a campaign's name (case is ignored).`, 'name');
      throw error;
    }
  }
}
