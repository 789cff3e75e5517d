import type { Clock } from '../../lib/clock.js';
import { NotFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import { domainKey } from '../endings/endings.js';
import type { EndingsRepository } from '../endings/endings.repository.js';
import type { EndingsService } from '../endings/endings.service.js';
import type { InvalidationBus } from '../resolver/invalidation-bus.js';
import type { LinksRepository } from './links.repository.js';
import type { CreateLinkInput, Link, UpdateLinkInput } from './links.types.js';

/** Short links: an ending in the same namespace as codes, forwarding to one destination. */
export class LinksService {
  constructor(
    private readonly links: LinksRepository,
    private readonly accounts: AccountsRepository,
    private readonly endings: EndingsRepository,
    private readonly claims: EndingsService,
    private readonly bus: InvalidationBus,
    private readonly clock: Clock,
  ) {}

  async list(accountId: string, limit: number, offset: number): Promise<Link[]> {
    return this.links.list(accountId, limit, offset);
  }

  async get(accountId: string, id: string): Promise<Link> {
    const link = isId(id) ? await this.links.findInAccount(accountId, id) : null;
    if (!link) throw new NotFound('link');
    return link;
  }

  async create(accountId: string, input: CreateLinkInput): Promise<Link> {
    const destination = await this.claims.destination(input.url);
    const account = await this.accounts.findById(accountId);
    if (!account) throw new NotFound('account');
    const now = this.clock.now();
    const link = await this.claims.claim(input.shortCode, async (trx, shortCode) => {
      const row: Link = {
        id: newId(),
        accountId,
        domain: domainKey(account.domain),
        shortCode,
        destination,
        clicks: 0,
        createdAt: now,
        updatedAt: now,
      };
      await this.links.insert(row, trx);
      await this.endings.insert(
        { domain: row.domain, shortCode, kind: 'link', targetId: row.id, accountId, createdAt: now },
        trx,
      );
      return row;
    });
    this.bus.publish({ domain: link.domain, shortCode: link.shortCode });
    return link;
  }

  async update(accountId: string, id: string, input: UpdateLinkInput): Promise<Link> {
    const link = await this.get(accountId, id);
    if (input.url === undefined || input.url === link.destination) return link;
    const next: Link = { ...link, destination: await this.claims.destination(input.url), updatedAt: this.clock.now() };
    await this.links.setDestination(next);
    this.bus.publish({ domain: next.domain, shortCode: next.shortCode });
    return next;
  }
}
