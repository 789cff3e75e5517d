import type { MemberFilters } from '../campaigns/campaigns.types.js';
import type { Clock } from '../../lib/clock.js';
import { NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AccountLookup } from '../../identity/index.js';
import { domainKey } from '../endings/endings.js';
import type { EndingsRepository } from '../endings/store/endings.repository.js';
import type { EndingsService } from '../endings/endings.service.js';
import { assertCan, ContentReads, type InvalidationBus, type Person } from '../../platform/index.js';
import type { LinksRepository } from './store/links.repository.js';
import type { CreateLinkInput, Link, UpdateLinkInput } from './links.types.js';

export interface LinksDeps {
  links: LinksRepository;
  accounts: AccountLookup;
  endings: EndingsRepository;
  claims: EndingsService;
  bus: InvalidationBus;
  clock: Clock;
}

/**
 * Short links: an ending in the same namespace as codes, forwarding to one destination. Reading
 * needs content:read, creating and repointing content:write.
 */
export class LinksService extends ContentReads<Link, [limit: number, offset: number, filters?: MemberFilters]> {
  private readonly links: LinksRepository;
  private readonly claims: EndingsService;
  private readonly bus: InvalidationBus;
  private readonly clock: Clock;

  constructor(private readonly deps: LinksDeps) {
    super('link', deps.links);
    ({ links: this.links, claims: this.claims, bus: this.bus, clock: this.clock } = deps);
  }

  async create(actor: Person, input: CreateLinkInput): Promise<Link> {
    assertCan(actor, 'content:write');
    const accountId = actor.accountId;
    const destination = await this.claims.destination(input.url);
    const account = await this.deps.accounts.findById(accountId);
    if (!account) throw new NotFound('account');
    const now = this.clock.now();
    const link = await this.claims.claim(input.shortCode, async (trx, shortCode) => {
      const row: Link = {
        id: newId(),
        accountId,
        domain: domainKey(account.domain),
        shortCode,
        destination,
        name: null,
        clicks: 0,
        createdAt: now,
        updatedAt: now,
      };
      await this.links.insert(row, trx);
      await this.deps.endings.insert(
        { domain: row.domain, shortCode, kind: 'link', targetId: row.id, accountId, createdAt: now },
        trx,
      );
      return row;
    });
    this.bus.publish({ domain: link.domain, shortCode: link.shortCode });
    return link;
  }

  async update(actor: Person, id: string, input: UpdateLinkInput): Promise<Link> {
    assertCan(actor, 'content:write');
    const link = await this.get(actor, id);
    if (input.url === undefined || input.url === link.destination) return link;
    const next: Link = { ...link, destination: await this.claims.destination(input.url), updatedAt: this.clock.now() };
    await this.links.setDestination(next);
    this.bus.publish({ domain: next.domain, shortCode: next.shortCode });
    return next;
  }
}
