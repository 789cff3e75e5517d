import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../../db/schema.js';
import type { Clock } from '../../../lib/clock.js';
import { dayOf } from '../events.types.js';

/** How long before midnight the next day's salt is fetched, so every instance has it in time. */
const AHEAD_MS = 3_600_000;

/** The `visitor_salts` rows: one random salt per UTC day, the first one stored winning. */
export class SaltsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async ensure(day: number, candidate: string, now: number): Promise<string> {
    await this.db
      .insertInto('visitor_salts')
      .values({ day, salt: candidate, created_at: now })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await this.db.selectFrom('visitor_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    return row.salt;
  }

  /** Destroys the salts and visitor hashes of every day before `today`: past uniques become final. */
  async purgeBefore(today: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('daily_visitors').where('day', '<', today).execute();
      await trx.deleteFrom('visitor_salts').where('day', '<', today).execute();
    });
  }
}

/**
 * The daily salts in memory, so hashing a visitor is synchronous on the redirect path. A day whose
 * salt is not known yet gets a local candidate at once; `sync` stores it (or adopts the one another
 * instance stored first) before the next batch commits.
 */
export class VisitorSalts {
  private readonly salts = new Map<number, string>();
  private readonly unconfirmed = new Set<number>();

  constructor(
    private readonly repo: SaltsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * SHA-256 keyed with the day's secret salt over (account, address, user agent), hex: the digest of
   * the salt followed by the fields, in one call (a copied keyed state costs three calls and a hash
   * object per visitor).
   */
  hash(day: number, accountId: string, address: string, userAgent: string): string {
    return hash('sha256', `${this.saltOf(day)}\0${accountId}\0${address}\0${userAgent}`, 'hex');
  }

  private saltOf(day: number): string {
    let salt = this.salts.get(day);
    if (salt === undefined) {
      salt = randomBytes(32).toString('hex');
      this.salts.set(day, salt);
      this.unconfirmed.add(day);
    }
    return salt;
  }

  /** Adopts a day's salt (the one stored first wins). */
  private adopt(day: number, salt: string): void {
    this.salts.set(day, salt);
  }

  /** Stores or adopts the salts in use, fetches today's (and near midnight tomorrow's), forgets past days. */
  async sync(): Promise<void> {
    const now = this.clock.now();
    const today = dayOf(now);
    const wanted = new Set([today, dayOf(now + AHEAD_MS), ...this.unconfirmed]);
    for (const day of [...this.salts.keys()]) {
      if (day < today && !this.unconfirmed.has(day)) {
        this.salts.delete(day);
      }
    }
    for (const day of wanted) {
      if (day < today - 1 || (this.salts.has(day) && !this.unconfirmed.has(day))) continue;
      const salt = await this.repo.ensure(day, this.saltOf(day), now);
      this.adopt(day, salt);
      this.unconfirmed.delete(day);
    }
    for (const day of this.unconfirmed) if (day < today - 1) this.unconfirmed.delete(day);
  }
}
