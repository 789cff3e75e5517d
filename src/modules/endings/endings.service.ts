import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Schema } from '../../db/schema.js';
import { InvalidRequest } from '../../lib/errors.js';
import { validateDestination } from './destination.js';
import { generateEnding, GENERATED_LENGTH, validateChosenEnding } from './endings.js';

const ATTEMPTS = 6;

/**
 * Claims an ending in the shared namespace and writes its owner in the same transaction, so a
 * refused ending leaves nothing behind. A generated ending is retried on collision (one longer
 * after a few); a chosen one that is taken is a 400.
 */
export class EndingsService {
  private readonly ownHost: string | null;

  /** `publicUrl`: the service's own address, whose short addresses a destination must not be. */
  constructor(
    private readonly db: Kysely<Schema>,
    publicUrl?: string,
  ) {
    this.ownHost = publicUrl ? new URL(publicUrl).host.toLowerCase() : null;
  }

  /**
   * A redirect destination (see validateDestination), and not one of this service's own short
   * addresses: a code or link pointing at an ending on the same host could loop for ever.
   */
  destination(value: string, field = 'url'): string {
    const checked = validateDestination(value, field);
    const url = new URL(checked);
    if (this.ownHost !== null && url.host.toLowerCase() === this.ownHost && /^\/[^/]+\/?$/.test(url.pathname)) {
      throw new InvalidRequest(`${field} must not be one of this service's own short addresses.`, field);
    }
    return checked;
  }

  /** A transaction for a write that needs no ending. */
  async transaction<T>(write: (trx: Kysely<Schema>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(write);
  }

  async claim<T>(chosen: string | null | undefined, write: (trx: Kysely<Schema>, ending: string) => Promise<T>): Promise<T> {
    const wanted = chosen == null ? null : validateChosenEnding(chosen);
    for (let attempt = 0; ; attempt += 1) {
      const ending = wanted ?? generateEnding(GENERATED_LENGTH + (attempt >= 3 ? 1 : 0));
      try {
        return await this.db.transaction().execute((trx) => write(trx, ending));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (wanted !== null) throw new InvalidRequest(`shortCode "${wanted}" is already taken.`, 'shortCode');
        if (attempt + 1 >= ATTEMPTS) throw error;
      }
    }
  }
}
