import { isUniqueViolation } from '../../db/dialect.js';
import type { Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { InvalidRequest, NotFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import type { EndingsService } from '../endings/endings.service.js';
import { ContentReads } from '../team/content-reads.js';
import { assertCan, type Actor } from '../team/roles.policy.js';
import { keyPath, parseKey } from './gs1.keys.js';
import { validLinks } from './gs1.links.js';
import type { Gs1Repository } from './gs1.repository.js';
import { GS1_KEY_MAX, type CreateGs1Input, type Gs1Entry, type UpdateGs1Input } from './gs1.types.js';

/**
 * GS1 Digital Link registrations: a key (validated, canonical) and its links, written together.
 * A key is registered once on the whole service (ADR 0115). Reading needs content:read, writing
 * content:write.
 */
export class Gs1Service extends ContentReads<Gs1Entry, [page: { limit: number; offset: number }]> {
  constructor(
    private readonly repo: Gs1Repository,
    private readonly endings: Pick<EndingsService, 'destinationCheck'>,
    private readonly transactor: Transactor,
    private readonly clock: Clock,
  ) {
    super('GS1 key', repo);
  }

  async create(actor: Actor, input: CreateGs1Input): Promise<Gs1Entry> {
    assertCan(actor, 'content:write');
    if (input.key.length > GS1_KEY_MAX) throw new InvalidRequest(`key must be at most ${GS1_KEY_MAX} characters.`, 'key');
    const key = parseKey(input.key);
    const links = validLinks(input.links, await this.endings.destinationCheck());
    const now = this.clock.now();
    const entry: Gs1Entry = {
      id: newId(),
      accountId: actor.accountId,
      key: keyPath(key),
      primaryAi: key.parts[0]![0],
      links,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.transactor.run((tx) => this.repo.insert(entry, tx));
    } catch (error) {
      if (isUniqueViolation(error)) throw new InvalidRequest(`key ${entry.key} is already registered.`, 'key');
      throw error;
    }
    return entry;
  }

  /** Replaces the key's links; the key itself never changes (register another one instead). */
  async update(actor: Actor, id: string, input: UpdateGs1Input): Promise<Gs1Entry> {
    assertCan(actor, 'content:write');
    const entry = await this.get(actor, id);
    if (input.links === undefined) return entry;
    const next: Gs1Entry = {
      ...entry,
      links: validLinks(input.links, await this.endings.destinationCheck()),
      updatedAt: this.clock.now(),
    };
    await this.transactor.run(async (tx) => {
      if (!(await this.repo.findInAccount(actor.accountId, id, tx))) throw new NotFound('GS1 key');
      await this.repo.replaceLinks(next, tx);
    });
    return next;
  }

  async delete(actor: Actor, id: string): Promise<void> {
    assertCan(actor, 'content:write');
    if (!isId(id)) throw new NotFound('GS1 key');
    const deleted = await this.transactor.run((tx) => this.repo.delete(actor.accountId, id, tx));
    if (!deleted) throw new NotFound('GS1 key');
  }
}
