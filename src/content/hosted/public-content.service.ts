import type { Clock } from '../../lib/clock.js';
import { isId } from '../../lib/ids.js';
import { isEndingShape } from '../../catalog/index.js';
import type { AccountLookup } from '../../identity/index.js';
import {
  AnonymousLimiter,
  answerWhenDurable,
  isAutomated,
  recordSafely,
  SYSTEM,
  type EventType,
  type HitRecorder,
} from '../../platform/index.js';
import type { ContentRepository } from './store/content.repository.js';
import type { Answer, Content, ContentKind, SubmissionKind } from './content.types.js';
import type { SubmissionsService } from './submissions.service.js';

/** A request for a public page, as the content module sees it (no HTTP types). */
export interface PublicRequest {
  host: string;
  method: string;
  userAgent: string | null;
  acceptLanguage: string | null;
  /** Used for the visitor hash, the location and the rate limit, then dropped: never stored. */
  clientAddress: string;
  /** Raw `p` query parameter (where the visitor came from). */
  placement: string | null;
  headers: Record<string, string | undefined>;
}

/** What the public address of a content shows. */
export type Lookup<D> = { kind: 'found'; content: Content<D> } | { kind: 'not_available' } | { kind: 'not_found' };

/** What became of a visitor's reply. */
export type ReplyOutcome =
  | { kind: 'accepted' }
  | { kind: 'refused'; errors: Record<string, string>; values: Record<string, string> }
  | { kind: 'rate_limited'; retryAfterSeconds: number };

/** The public addresses of an account's media items (those it has), by id. */
export type MediaUrls = (accountId: string, ids: readonly string[]) => Promise<Map<string, string>>;

/** Replies accepted per minute from one client (per instance; the client is known only by a keyed hash). */
export const REPLIES_PER_CLIENT_PER_MINUTE = 10;

const VIEW_EVENT: Record<ContentKind, EventType> = { form: 'form_view', page: 'page_view', card: 'card_view' };
const PLACEMENT_MAX = 64;

/**
 * The public side of hosted content, acting as the system: which content a (host, id) shows, the
 * view events, and replies from visitors (spam rules first: robots, the honeypot, a per-client rate).
 */
export class PublicContentService {
  private readonly publicHosts: Set<string>;
  private readonly replies: AnonymousLimiter;

  constructor(
    private readonly deps: {
      contents: ContentRepository;
      accounts: AccountLookup;
      submissions: SubmissionsService;
      recorder: HitRecorder;
      clock: Clock;
      publicUrl: string;
      /** Where images of the media library are served; none without it. */
      media?: MediaUrls;
    },
  ) {
    const url = new URL(deps.publicUrl);
    this.publicHosts = new Set([url.host.toLowerCase(), url.hostname.toLowerCase()]);
    this.replies = new AnonymousLimiter(REPLIES_PER_CLIENT_PER_MINUTE, deps.clock);
  }

  /**
   * The content at `/<kind path>/<id>` on `host`: on an account's custom domain only that account's
   * content is found; on every other host (the service's own) any account's. Unpublished and draft
   * content, and content of a suspended company, is not available.
   */
  async lookup<D>(kind: ContentKind, id: string, host: string): Promise<Lookup<D>> {
    const content = isId(id) ? await this.deps.contents.find<D>(kind, id) : await this.bySlug<D>(kind, id, host);
    if (!content || !(await this.servedOn(content.accountId, host))) return { kind: 'not_found' };
    const account = await this.deps.accounts.findById(content.accountId);
    if (content.status !== 'published' || account?.status !== 'active') return { kind: 'not_available' };
    return { kind: 'found', content };
  }

  /** The public addresses of the account's media items among `ids` (null entries skipped). */
  async mediaUrls(accountId: string, ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0 || !this.deps.media) return new Map();
    return this.deps.media(accountId, wanted);
  }

  /** Calls `answer` once the views recorded so far are durable (at once when the recorder does not say). */
  whenRecorded(answer: () => void): void {
    answerWhenDurable(this.deps.recorder, answer);
  }

  /** Records the view of found content (robots and HEAD are classified out by the recorder). */
  recordView(content: Content<unknown>, request: PublicRequest): void {
    this.record(VIEW_EVENT[content.kind], content, request);
  }

  /**
   * A visitor's reply, already checked by the content's own rules (`checked`). Automated traffic and
   * a filled-in honeypot are answered as accepted but nothing is stored or counted.
   */
  async reply(
    content: Content<unknown>,
    kind: SubmissionKind,
    request: PublicRequest & { honeypot: string },
    checked:
      | { ok: true; answers: Record<string, Answer> }
      | { ok: false; errors: Record<string, string>; values: Record<string, string> },
  ): Promise<ReplyOutcome> {
    if (isAutomated(request.userAgent) || request.honeypot.trim() !== '') return { kind: 'accepted' };
    if (!checked.ok) return { kind: 'refused', errors: checked.errors, values: checked.values };
    const rate = this.replies.hit(request.clientAddress);
    if (!rate.allowed) return { kind: 'rate_limited', retryAfterSeconds: rate.resetSeconds };
    await this.deps.submissions.store(SYSTEM, content, kind, checked.answers);
    if (kind === 'submission') this.record('form_submit', content, request);
    return { kind: 'accepted' };
  }

  private record(type: EventType, content: Content<unknown>, request: PublicRequest): void {
    const placement = request.placement?.trim().slice(0, PLACEMENT_MAX) || null;
    recordSafely(this.deps.recorder, {
      kind: type,
      targetId: content.id,
      accountId: content.accountId,
      at: this.deps.clock.now(),
      method: request.method,
      userAgent: request.userAgent,
      acceptLanguage: request.acceptLanguage,
      clientAddress: request.clientAddress,
      placement,
      headers: request.headers,
    });
  }

  /** The content a readable address names on this host: slugs are unique per domain ('' the service's own). */
  private async bySlug<D>(kind: ContentKind, slug: string, rawHost: string): Promise<Content<D> | null> {
    if (!isEndingShape(slug)) return null;
    const host = rawHost.toLowerCase();
    const domain = this.publicHosts.has(host) ? '' : host.replace(/:\d+$/, '').replace(/\.$/, '');
    return this.deps.contents.findBySlug<D>(kind, domain, slug);
  }

  /** Whether content of this account is served on this host. */
  private async servedOn(accountId: string, rawHost: string): Promise<boolean> {
    const host = rawHost.toLowerCase();
    if (this.publicHosts.has(host)) return true;
    const name = host.replace(/:\d+$/, '').replace(/\.$/, '');
    const owner = await this.deps.accounts.findByDomain(name);
    return owner === null || owner.id === accountId;
  }
}
