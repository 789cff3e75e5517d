import { foundById } from '../../lib/found.js';
import { assertCan, type Person } from './roles.policy.js';

/** How a kind of the account's content is read: a list narrowed by `Q`, and one by id. */
export interface ContentRows<T, Q extends unknown[]> {
  list(accountId: string, ...query: Q): Promise<T[]>;
  /** The account's one; null when the account has none such. */
  findInAccount(accountId: string, id: string): Promise<T | null>;
}

/**
 * The reading of a kind of the account's content (codes, links, templates, GS1 keys, folders): both
 * need content:read and see the actor's account only; one by id is a 404 naming `what` when the
 * account has none such (another account's included). The services extend it and keep their writes.
 */
export class ContentReads<T, Q extends unknown[] = []> {
  constructor(
    private readonly what: string,
    private readonly rows: ContentRows<T, Q>,
  ) {}

  async list(actor: Person, ...query: Q): Promise<T[]> {
    assertCan(actor, 'content:read');
    return this.rows.list(actor.accountId, ...query);
  }

  /** The account's one, or 404 (also for another account's). */
  async get(actor: Person, id: string): Promise<T> {
    assertCan(actor, 'content:read');
    return foundById(this.what, id, (id) => this.rows.findInAccount(actor.accountId, id));
  }
}
