import { Lru } from '../lib/lru.js';
import { CREDENTIALS, isCredentials, type InvalidationBus } from '../platform/index.js';
import type { TokenWithOwners } from './store/tokens.repository.js';

/** How long a token's row, its person and its company are used without reading them again. */
export const RECENT_PRINCIPAL_MS = 1_000;

/**
 * Tokens just read from the store, by hash, each for at most `RECENT_PRINCIPAL_MS`: a client making
 * many requests a second is looked up once a second, not once a request. What is kept is the rows, not
 * the verdict: revocation, expiry and status are checked again on every use.
 *
 * Anything that ends or narrows a token's access (revoking it, changing or suspending its person) calls
 * `forget`, which tells every process on the invalidation bus (this one at once, the cluster's other
 * workers and, with Redis, other instances as soon as the bus delivers); a company's suspension is the
 * bus's "drop everything", heard here too. What the bus cannot carry (the admin CLI without Redis) takes
 * effect within `RECENT_PRINCIPAL_MS`. A read that began before a forget is not kept.
 */
export class RecentPrincipals {
  private readonly rows: Lru<TokenWithOwners>;
  private generation = 0;

  constructor(
    private readonly bus: InvalidationBus | null = null,
    private readonly ttlMs = RECENT_PRINCIPAL_MS,
    size = 10_000,
  ) {
    this.rows = new Lru(size);
    bus?.subscribe((ref) => {
      if (ref === null || isCredentials(ref)) this.drop();
    });
  }

  /** The rows for `hash` read from the store at most `ttlMs` ago, or what `read` returns now. */
  async get(hash: string, now: number, read: () => Promise<TokenWithOwners | null>): Promise<TokenWithOwners | null> {
    const kept = this.rows.get(hash, now);
    if (kept) return kept;
    const generation = this.generation;
    const found = await read();
    // Unknown tokens are not kept: a token made a moment ago works at once, and guesses fill nothing.
    if (found && generation === this.generation) this.rows.set(hash, found, now + this.ttlMs);
    return found;
  }

  /** Drops everything kept, and anything being read now, in every process that hears the bus. */
  forget(): void {
    this.drop();
    this.bus?.publish(CREDENTIALS);
  }

  private drop(): void {
    this.generation += 1;
    this.rows.clear();
  }
}
