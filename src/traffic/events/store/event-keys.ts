import type { Kysely } from 'kysely';
import { chunks } from '../../../db/dialect.js';
import type { Schema } from '../../../db/schema.js';

/**
 * The integers the events store uses for accounts, targets and dimension values, kept in memory: an
 * entry never changes or goes once made, so every process may keep what it has seen. New entries are
 * made by `ensure…` in statements of their own, committed before the batch that uses them, so no
 * entry in memory can point to a row a rolled-back transaction took away.
 */
export class EventKeys {
  private readonly accounts = new Map<string, number>();
  private readonly targets = new Map<string, { id: number; account: number }>();
  private readonly targetKeys = new Map<number, string>();
  /** Per dimension, the code of each value (no key is built per lookup: the writer asks per event). */
  private readonly values = new Map<string, Map<string, number>>();
  private readonly valueNames = new Map<number, { dimension: string; value: string }>();

  constructor(private readonly db: Kysely<Schema>) {}

  /** The integers of these accounts, made where missing. */
  async ensureAccounts(keys: Iterable<string>): Promise<Map<string, number>> {
    const missing = [...new Set(keys)].filter((k) => !this.accounts.has(k));
    for (const part of chunks(missing, 500)) {
      await this.db
        .insertInto('event_accounts')
        .values(part.map((key) => ({ key })))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const rows = await this.db.selectFrom('event_accounts').select(['id', 'key']).where('key', 'in', part).execute();
      for (const r of rows) this.accounts.set(r.key, Number(r.id));
    }
    return this.accounts;
  }

  /** The integers of these targets (key → account key), made where missing. */
  async ensureTargets(targets: Map<string, string>): Promise<Map<string, { id: number; account: number }>> {
    const missing = [...targets.keys()].filter((k) => !this.targets.has(k));
    if (missing.length === 0) return this.targets;
    const accounts = await this.ensureAccounts(missing.map((k) => targets.get(k)!));
    for (const part of chunks(missing, 500)) {
      await this.db
        .insertInto('event_targets')
        .values(part.map((key) => ({ key, account: accounts.get(targets.get(key)!)! })))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      await this.loadTargets(part);
    }
    return this.targets;
  }

  /** The codes of these (dimension, value) pairs, made where missing. */
  async ensureValues(pairs: Iterable<[string, string]>): Promise<void> {
    const missing = new Map<string, [string, string]>();
    for (const [dimension, value] of pairs) {
      if (!this.hasValue(dimension, value)) missing.set(`${dimension}\0${value}`, [dimension, value]);
    }
    for (const part of chunks([...missing.values()], 500)) {
      await this.db
        .insertInto('event_values')
        .values(part.map(([dimension, value]) => ({ dimension, value })))
        .onConflict((oc) => oc.columns(['dimension', 'value']).doNothing())
        .execute();
      const rows = await this.db
        .selectFrom('event_values')
        .select(['id', 'dimension', 'value'])
        .where((eb) => eb.or(part.map(([dimension, value]) => eb.and({ dimension, value }))))
        .execute();
      for (const r of rows) this.remember(Number(r.id), r.dimension, r.value);
    }
  }

  hasValue(dimension: string, value: string): boolean {
    return this.values.get(dimension)?.has(value) ?? false;
  }

  hasTarget(key: string): boolean {
    return this.targets.has(key);
  }

  /** A value's code; only for pairs `ensureValues` or a read has seen. */
  valueCode(dimension: string, value: string): number {
    const code = this.values.get(dimension)?.get(value);
    if (code === undefined) throw new Error(`no code for ${dimension} ${JSON.stringify(value)}`);
    return code;
  }

  /** A target's integer and its account's; only for targets `ensureTargets` or a read has seen. */
  target(key: string): { id: number; account: number } {
    const found = this.targets.get(key);
    if (!found) throw new Error(`no integer for target ${key}`);
    return found;
  }

  /** An account's integer, or null when it has never had an event. */
  async accountOf(key: string, db: Kysely<Schema> = this.db): Promise<number | null> {
    const known = this.accounts.get(key);
    if (known !== undefined) return known;
    const row = await db.selectFrom('event_accounts').select('id').where('key', '=', key).executeTakeFirst();
    if (!row) return null;
    this.accounts.set(key, Number(row.id));
    return Number(row.id);
  }

  /**
   * The integers of those of `keys` that are targets of the account (another account's target is not
   * found), as key → integer.
   */
  async targetsOf(accountKey: string, keys: readonly string[], db: Kysely<Schema> = this.db): Promise<Map<string, number>> {
    const account = await this.accountOf(accountKey, db);
    const out = new Map<string, number>();
    if (account === null) return out;
    const unknown = keys.filter((k) => !this.targets.has(k));
    if (unknown.length > 0) await this.loadTargets(unknown, db);
    for (const key of keys) {
      const found = this.targets.get(key);
      if (found && found.account === account) out.set(key, found.id);
    }
    return out;
  }

  /** Target keys of integers (for an events page). */
  async targetKeysOf(ids: Iterable<number>, db: Kysely<Schema> = this.db): Promise<Map<number, string>> {
    const unknown = [...new Set(ids)].filter((id) => !this.targetKeys.has(id));
    for (const part of chunks(unknown, 500)) {
      const rows = await db.selectFrom('event_targets').select(['id', 'key', 'account']).where('id', 'in', part).execute();
      for (const r of rows) this.rememberTarget(r.key, Number(r.id), Number(r.account));
    }
    return this.targetKeys;
  }

  /** The (dimension, value) of codes (for an events page and the breakdowns). */
  async valuesOf(
    codes: Iterable<number>,
    db: Kysely<Schema> = this.db,
  ): Promise<Map<number, { dimension: string; value: string }>> {
    const unknown = [...new Set(codes)].filter((c) => !this.valueNames.has(c));
    for (const part of chunks(unknown, 500)) {
      const rows = await db.selectFrom('event_values').select(['id', 'dimension', 'value']).where('id', 'in', part).execute();
      for (const r of rows) this.remember(Number(r.id), r.dimension, r.value);
    }
    return this.valueNames;
  }

  private async loadTargets(keys: readonly string[], db: Kysely<Schema> = this.db): Promise<void> {
    for (const part of chunks(keys, 500)) {
      const rows = await db.selectFrom('event_targets').select(['id', 'key', 'account']).where('key', 'in', part).execute();
      for (const r of rows) this.rememberTarget(r.key, Number(r.id), Number(r.account));
    }
  }

  private rememberTarget(key: string, id: number, account: number): void {
    this.targets.set(key, { id, account });
    this.targetKeys.set(id, key);
  }

  private remember(code: number, dimension: string, value: string): void {
    let codes = this.values.get(dimension);
    if (!codes) this.values.set(dimension, (codes = new Map()));
    codes.set(value, code);
    this.valueNames.set(code, { dimension, value });
  }
}
