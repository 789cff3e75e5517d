import { isUniqueViolation } from '../../db/dialect.js';
import type { Transactor, Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { InvalidRequest } from '../../lib/errors.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { InvalidationBus } from '../resolver/invalidation-bus.js';
import { validateDestination } from './destination.js';
import { generateEnding, GENERATED_LENGTH, validateChosenEnding } from './endings.js';

const ATTEMPTS = 6;
/** How long the list of custom domains is trusted before it is read again (other instances add domains). */
const DOMAINS_TTL_MS = 60_000;

/** Where the accounts' custom domains come from, and the bus that says when they may have changed. */
export interface DomainSource {
  accounts: Pick<AccountsRepository, 'domains'>;
  bus: InvalidationBus;
  clock: Clock;
}

/**
 * Claims an ending in the shared namespace and writes its owner in the same transaction, so a
 * refused ending leaves nothing behind. A generated ending is retried on collision (one longer
 * after a few); a chosen one that is taken is a 400.
 */
export class EndingsService {
  private readonly ownHost: string | null;
  private domains: { hosts: Promise<ReadonlySet<string>>; loadedAt: number } | null = null;

  /**
   * `publicUrl`: the service's own address; `domains`: where the accounts' custom domains are read
   * (cached for a minute, and dropped when the bus says anything may have changed). A destination
   * must not be a short address on any of them.
   */
  constructor(
    private readonly transactor: Transactor,
    publicUrl?: string,
    private readonly domainSource?: DomainSource,
  ) {
    this.ownHost = publicUrl ? new URL(publicUrl).host.toLowerCase() : null;
    domainSource?.bus.subscribe((ref) => {
      if (ref === null) this.domains = null;
    });
  }

  /**
   * A redirect destination (see validateDestination), normalised, and not one of this service's own
   * short addresses on its own host or any account's domain: it could loop for ever.
   */
  async destination(value: string, field = 'url'): Promise<string> {
    return (await this.destinationCheck())(value, field);
  }

  /** The same check, synchronous once the domain list is at hand (for many destinations at once). */
  async destinationCheck(): Promise<(value: string, field: string) => string> {
    const domains = await this.customDomains();
    return (value, field) => {
      const checked = validateDestination(value, field);
      const url = new URL(checked);
      const own = url.host === this.ownHost || domains.has(url.hostname);
      if (own && /^\/[^/]+\/?$/.test(url.pathname)) {
        throw new InvalidRequest(`${field} must not be one of this service's own short addresses.`, field);
      }
      return checked;
    };
  }

  private customDomains(): Promise<ReadonlySet<string>> {
    const source = this.domainSource;
    if (!source) return Promise.resolve(new Set());
    const now = source.clock.now();
    if (this.domains === null || now - this.domains.loadedAt >= DOMAINS_TTL_MS) {
      const hosts = source.accounts.domains().then((list) => new Set(list.map((d) => d.toLowerCase())));
      const entry = { hosts, loadedAt: now };
      this.domains = entry;
      hosts.catch(() => {
        if (this.domains === entry) this.domains = null;
      });
    }
    return this.domains.hosts;
  }

  async claim<T>(chosen: string | null | undefined, write: (tx: Tx, ending: string) => Promise<T>): Promise<T> {
    const wanted = chosen == null ? null : validateChosenEnding(chosen);
    for (let attempt = 0; ; attempt += 1) {
      const ending = wanted ?? generateEnding(GENERATED_LENGTH + (attempt >= 3 ? 1 : 0));
      try {
        return await this.transactor.run((tx) => write(tx, ending));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (wanted !== null) throw new InvalidRequest(`shortCode "${wanted}" is already taken.`, 'shortCode');
        if (attempt + 1 >= ATTEMPTS) throw error;
      }
    }
  }
}
