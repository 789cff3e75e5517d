import type { Clock } from '../../lib/clock.js';
import { InvalidRequest, NotFound } from '../../lib/errors.js';
import { foundById } from '../../lib/found.js';
import { isId, newId } from '../../lib/ids.js';
import { validName } from '../../db/names.js';
import type { AccountLookup } from '../../identity/index.js';
import { domainKey, validateChosenEnding } from '../../catalog/index.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { assertCan, type Person } from '../../platform/index.js';
import type { ContentRepository } from './store/content.repository.js';
import {
  CONTENT_NAME_MAX,
  RETENTION_MAX_DAYS,
  type Content,
  type ContentCreateInput,
  type ContentKindSpec,
  type ContentUpdateInput,
} from './content.types.js';

export interface ContentListQuery {
  limit: number;
  offset: number;
}

/** A slug follows a code's ending's rules (length, characters, reserved words); null or empty: none. */
const validSlug = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : validateChosenEnding(value, 'slug');

/** Writes the content; a slug another content of its domain has is a 400 naming `slug`. */
async function withSlug(content: Content<unknown>, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (content.slug !== null && isUniqueViolation(error))
      throw new InvalidRequest(`slug "${content.slug}" is already taken on this domain.`, 'slug');
    throw error;
  }
}

function validRetention(value: number | null | undefined): number | null {
  if (value === undefined || value === null) return null;
  if (!Number.isInteger(value) || value < 1 || value > RETENTION_MAX_DAYS)
    throw new InvalidRequest(`retentionDays must be a whole number from 1 to ${RETENTION_MAX_DAYS}, or null.`, 'retentionDays');
  return value;
}

/**
 * One kind of hosted content (forms, pages or cards) for the people of an account: the rules every
 * kind shares (names, status, retention, isolation), with the kind's own document checked by its spec.
 * Reading needs content:read, everything else content:write.
 */
export class ContentService<D, I> {
  constructor(
    private readonly spec: ContentKindSpec<D, I>,
    private readonly deps: {
      contents: ContentRepository;
      accounts: AccountLookup;
      clock: Clock;
      /** The public paths of the account's media items among some ids (those it has). */
      media: (accountId: string, ids: readonly string[]) => Promise<Map<string, string>>;
      /** The account's active people among some ids. */
      members: (accountId: string, ids: readonly string[]) => Promise<Set<string>>;
    },
  ) {}

  get kind() {
    return this.spec.kind;
  }

  async list(actor: Person, query: ContentListQuery): Promise<Content<D>[]> {
    assertCan(actor, 'content:read');
    return this.deps.contents.list<D>(actor.accountId, this.spec.kind, query.limit, query.offset);
  }

  /** The account's content of this kind, or 404 (also for another account's). */
  async get(actor: Person, id: string): Promise<Content<D>> {
    assertCan(actor, 'content:read');
    return foundById(this.spec.kind, id, (id) => this.deps.contents.findInAccount<D>(actor.accountId, this.spec.kind, id));
  }

  async create(actor: Person, input: ContentCreateInput & I): Promise<Content<D>> {
    const content = await this.draft(actor, input);
    await withSlug(content, () => this.deps.contents.insert(content));
    return content;
  }

  /**
   * What `input` would be once created, checked by the same rules and never stored: the dashboard's
   * live preview renders it with the public page's own views.
   */
  async preview(actor: Person, input: ContentCreateInput & I): Promise<Content<D>> {
    return this.draft(actor, input);
  }

  private async draft(actor: Person, input: ContentCreateInput & I): Promise<Content<D>> {
    assertCan(actor, 'content:write');
    const account = await this.deps.accounts.findById(actor.accountId);
    if (!account) throw new NotFound('account');
    const now = this.deps.clock.now();
    const content: Content<D> = {
      id: newId(),
      accountId: actor.accountId,
      kind: this.spec.kind,
      name: validName(input.name, CONTENT_NAME_MAX),
      status: input.status === 'draft' ? 'draft' : 'published',
      domain: domainKey(account.domain),
      slug: validSlug(input.slug),
      document: this.spec.document(input, null),
      retentionDays: validRetention(input.retentionDays),
      createdAt: now,
      updatedAt: now,
    };
    await this.assertMedia(content);
    await this.assertMembers(content);
    return content;
  }

  async update(actor: Person, id: string, input: ContentUpdateInput & I): Promise<Content<D>> {
    assertCan(actor, 'content:write');
    const content = await this.get(actor, id);
    const next: Content<D> = {
      ...content,
      document: this.spec.document(input, content.document),
      updatedAt: this.deps.clock.now(),
    };
    if (input.name !== undefined) next.name = validName(input.name, CONTENT_NAME_MAX);
    if (input.retentionDays !== undefined) next.retentionDays = validRetention(input.retentionDays);
    if (input.slug !== undefined) next.slug = validSlug(input.slug);
    await this.assertMedia(next);
    await this.assertMembers(next);
    await withSlug(next, () => this.deps.contents.update(next));
    return next;
  }

  /** Published content is served at its public address; unpublished and draft content is not. */
  async setPublished(actor: Person, id: string, published: boolean): Promise<Content<D>> {
    assertCan(actor, 'content:write');
    const content = await this.get(actor, id);
    const next: Content<D> = { ...content, status: published ? 'published' : 'unpublished', updatedAt: this.deps.clock.now() };
    await this.deps.contents.update(next);
    return next;
  }

  /** Every media item the document shows must be in the account's library (400 naming the first that is not). */
  private async assertMedia(content: Content<D>): Promise<void> {
    const ids = [...new Set(this.spec.mediaIds?.(content.document) ?? [])];
    if (ids.length === 0) return;
    const found = await this.deps.media(content.accountId, ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw new InvalidRequest(`The media library has no item ${missing}.`, 'mediaId');
  }

  /** Every person the document names must be an active member of the account (400 naming the first that is not). */
  private async assertMembers(content: Content<D>): Promise<void> {
    const ids = this.spec.userIds?.(content.document) ?? [];
    if (ids.length === 0) return;
    const found = await this.deps.members(content.accountId, ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined)
      throw new InvalidRequest(`notifyUserIds: the team has no active person ${missing}.`, 'notifyUserIds');
  }

  /** Deletes the content with every reply sent through it. */
  async delete(actor: Person, id: string): Promise<void> {
    assertCan(actor, 'content:write');
    const deleted = isId(id) && (await this.deps.contents.delete(actor.accountId, this.spec.kind, id));
    if (!deleted) throw new NotFound(this.spec.kind);
  }
}
