import { isUniqueViolation } from '../../db/dialect.js';
import type { Transactor, Tx } from '../../db/transaction.js';
import { InvalidRequest } from '../../lib/errors.js';
import type { AccountLookup } from '../../identity/index.js';
import { validateDestination } from './destination.js';
import { generateEnding, GENERATED_LENGTH, validateChosenEnding } from './endings.js';
import { comparableHost, isServicePath, ownHostTest, type ServiceAddress } from './own-address.js';

const ATTEMPTS = 6;

/**
 * Claims an ending in the shared namespace and writes its owner in the same transaction, so a
 * refused ending leaves nothing behind. A generated ending is retried on collision (one longer
 * after a few); a chosen one that is taken is a 400.
 */
export class EndingsService {
  private readonly isOwnHost: ((url: URL, customDomains: ReadonlySet<string>) => boolean) | null;

  /**
   * `service`: where the service answers; `accounts`: where the accounts' custom domains are read. A
   * destination must not be an address the service itself would answer with a redirect or a page.
   */
  constructor(
    private readonly transactor: Transactor,
    service?: ServiceAddress,
    private readonly accounts?: Pick<AccountLookup, 'domains'>,
  ) {
    this.isOwnHost = service ? ownHostTest(service) : null;
  }

  /**
   * A redirect destination (see validateDestination), normalised, and not one of this service's own
   * addresses on its own host or any account's domain: it could loop for ever.
   */
  async destination(value: string, field = 'url'): Promise<string> {
    return (await this.destinationCheck())(value, field);
  }

  /**
   * The same check, synchronous once the domain list is at hand (for many destinations at once). The
   * list is read afresh for each check, so a domain added by another instance or the CLI counts at once.
   */
  async destinationCheck(): Promise<(value: string, field: string) => string> {
    const domains = new Set((this.accounts ? await this.accounts.domains() : []).map(comparableHost));
    return (value, field) => {
      const checked = validateDestination(value, field);
      const url = new URL(checked);
      if (this.isOwnHost?.(url, domains) && isServicePath(url.pathname)) {
        throw new InvalidRequest(
          `${field} must not be one of this service's own addresses: it would lead back to itself.`,
          field,
        );
      }
      return checked;
    };
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
