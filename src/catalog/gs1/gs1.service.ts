import { isUniqueViolation } from '../../db/dialect.js';
import type { Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { InvalidRequest, NotFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import type { EndingsService } from '../endings/endings.service.js';
import { assertCan, assertOperatorOrSystem, ContentReads, type Operator, type Person } from '../../platform/index.js';
import { keyPath, parseKey, PRIMARY_KEYS } from '../endings/gs1.keys.js';
import { validLinks } from './gs1.links.js';
import { keyPatternsUnder, overlaps, prefixCandidates, validCompanyPrefix } from './gs1.prefixes.js';
import type { Gs1Repository } from './store/gs1.repository.js';
import { GS1_KEY_MAX, type CreateGs1Input, type Gs1Entry, type Gs1Prefix, type UpdateGs1Input } from './gs1.types.js';

/**
 * GS1 Digital Link registrations: a key (validated, canonical) and its links, written together.
 * A key is registered once per resolving host: an account with a custom domain registers in its
 * domain's namespace, every other one on the service's host, first come, first served, except under
 * a company prefix the operator assigned to another account. Reading needs content:read, writing
 * content:write; prefixes are the operator's (CLI).
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

  async create(actor: Person, input: CreateGs1Input): Promise<Gs1Entry> {
    assertCan(actor, 'content:write');
    if (input.key.length > GS1_KEY_MAX) throw new InvalidRequest(`key must be at most ${GS1_KEY_MAX} characters.`, 'key');
    const key = parseKey(input.key);
    const links = validLinks(input.links, await this.endings.destinationCheck());
    const now = this.clock.now();
    const path = keyPath(key);
    // One answer for a key someone holds and a key under another's prefix: neither says who.
    const unavailable = () => new InvalidRequest(`key "${path}" is not available.`, 'key');
    try {
      return await this.transactor.run(async (tx) => {
        const domain = await this.repo.namespaceOfAccount(actor.accountId, tx);
        if (domain === null) throw new NotFound('account');
        if (domain === '') {
          const assigned = await this.repo.prefixesAmong(prefixCandidates(key), tx);
          if (assigned.some((p) => p.accountId !== actor.accountId)) throw unavailable();
        }
        const entry: Gs1Entry = {
          id: newId(),
          accountId: actor.accountId,
          domain,
          key: path,
          primaryAi: key.parts[0]![0],
          links,
          createdAt: now,
          updatedAt: now,
        };
        await this.repo.insert(entry, tx);
        return entry;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw unavailable();
      throw error;
    }
  }

  /** Replaces the key's links; the key itself never changes (register another one instead). */
  async update(actor: Person, id: string, input: UpdateGs1Input): Promise<Gs1Entry> {
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

  async delete(actor: Person, id: string): Promise<void> {
    assertCan(actor, 'content:write');
    if (!isId(id)) throw new NotFound('GS1 key');
    const deleted = await this.transactor.run((tx) => this.repo.delete(actor.accountId, id, tx));
    if (!deleted) throw new NotFound('GS1 key');
  }

  /**
   * Assigns a company prefix to an account (the operator's act): from now on only it registers keys
   * under the prefix on the service's host. Keys others registered under it before stay theirs;
   * `heldByOthers` counts them. Assigning a prefix the account holds already changes nothing.
   */
  async assignPrefix(actor: Operator, accountId: string, text: string): Promise<{ prefix: Gs1Prefix; heldByOthers: number }> {
    assertOperatorOrSystem(actor);
    const prefix = validCompanyPrefix(text);
    const assigned = await this.transactor
      .run(async (tx) => {
        if ((await this.repo.namespaceOfAccount(accountId, tx)) === null) throw new NotFound('account');
        const clash = (await this.repo.prefixes(undefined, tx)).find((p) => overlaps(p.prefix, prefix));
        if (clash?.prefix === prefix && clash.accountId === accountId) return clash;
        if (clash)
          throw new InvalidRequest(
            `prefix ${prefix} overlaps ${clash.prefix}, assigned to account ${clash.accountId}: remove that one first.`,
            'prefix',
          );
        const row: Gs1Prefix = { prefix, accountId, createdAt: this.clock.now() };
        await this.repo.assignPrefix(row, tx);
        return row;
      })
      .catch((error: unknown) => {
        // Two operators assigning the same prefix at once: the second finds it taken.
        if (isUniqueViolation(error)) throw new InvalidRequest(`prefix ${prefix} is already assigned.`, 'prefix');
        throw error;
      });
    const heldByOthers = await this.repo.countHeldByOthers(accountId, keyPatternsUnder(prefix, Object.keys(PRIMARY_KEYS)));
    return { prefix: assigned, heldByOthers };
  }

  /** The assigned prefixes, all or one account's. */
  async prefixes(actor: Operator, accountId?: string): Promise<Gs1Prefix[]> {
    assertOperatorOrSystem(actor);
    return this.repo.prefixes(accountId);
  }

  /** Frees a prefix: keys under it are first come, first served again on the service's host. */
  async removePrefix(actor: Operator, text: string): Promise<void> {
    assertOperatorOrSystem(actor);
    const prefix = validCompanyPrefix(text);
    if (!(await this.transactor.run((tx) => this.repo.removePrefix(prefix, tx)))) throw new NotFound('prefix assignment');
  }
}
