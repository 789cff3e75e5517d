import { fromColumns } from '../../../db/columns.js';
import { sql, type Kysely } from 'kysely';
import { chunks, codePointOrder, containsPattern, escapeLike } from '../../../db/dialect.js';
import { byName } from '../../../db/named-rows.js';
import { emptyFolder } from '../../../db/owned.js';
import type { Schema } from '../../../db/schema.js';
import { withMemberFilters } from '../../campaigns/store/campaigns.filters.js';
import { completeDesign, type DesignInput } from '../../designs/design.schema.js';
import type { Rule } from '../../routing/rules.schema.js';
import { withLifetimeTotals, type WithLifetimeTotal } from './scan-totals.js';
import type { ContentKind } from '../content-kinds.js';
import type { Preview } from '../../lifecycle/preview.js';
import type { Utm } from '../../lifecycle/utm.js';
import type { Code, CodeKind, CodeMode, CodeSort, CodeStatus, ListCodesQuery } from '../codes.types.js';

const toCode = (row: WithLifetimeTotal): Code => ({
  ...fromColumns(row, 'id account_id name domain short_code destination gate_hash folder_id created_at updated_at'),
  kind: row.kind as CodeKind,
  mode: row.mode as CodeMode,
  status: row.status as CodeStatus,
  // A link made without a design stores '{}': the defaults.
  design: completeDesign(JSON.parse(row.design) as DesignInput),
  rules: JSON.parse(row.rules) as Rule[],
  content: row.content_kind && row.content_id ? { type: row.content_kind as ContentKind, id: row.content_id } : null,
  scans: Number(row.lifetime_total ?? 0),
  expiry: {
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    maxScans: row.max_scans === null ? null : Number(row.max_scans),
    expiredUrl: row.expired_url,
  },
  uses: Number(row.uses),
  utm: row.utm === null ? null : (JSON.parse(row.utm) as Utm),
  preview: row.preview === null ? null : (JSON.parse(row.preview) as Preview),
  imported: row.imported_source === null ? null : { source: row.imported_source, total: Number(row.imported_total ?? 0) },
});

const toRow = (code: Code) => ({
  id: code.id,
  account_id: code.accountId,
  kind: code.kind,
  name: code.name,
  name_lower: code.name.toLowerCase(),
  mode: code.mode,
  status: code.status,
  domain: code.domain,
  short_code: code.shortCode,
  destination: code.destination,
  design: JSON.stringify(code.design),
  rules: JSON.stringify(code.rules),
  gate_hash: code.gateHash,
  folder_id: code.folderId,
  content_kind: code.content?.type ?? null,
  content_id: code.content?.id ?? null,
  imported_source: code.imported?.source ?? null,
  imported_total: code.imported?.total ?? null,
  expires_at: code.expiry.expiresAt,
  max_scans: code.expiry.maxScans,
  expired_url: code.expiry.expiredUrl,
  utm: code.utm === null ? null : JSON.stringify(code.utm),
  preview: code.preview === null ? null : JSON.stringify(code.preview),
  created_at: code.createdAt,
  updated_at: code.updatedAt,
});

/** A list's order; a code never scanned counts as none on both stores (their nulls sort apart). */
function listOrder(db: Kysely<Schema>, sort: CodeSort) {
  const descending = sort.startsWith('-');
  const way = sql.raw(descending ? 'desc' : 'asc');
  const key = sort.replace(/^-/, '');
  if (key === 'name') return sql`${codePointOrder(db, 'name_lower')} ${way}, ${sql.ref('id')} ${way}`;
  if (key === 'scans')
    return sql`${sql.ref('lifetime_total')} ${way} ${sql.raw(descending ? 'nulls last' : 'nulls first')}, ${sql.ref('created_at')} desc, ${sql.ref('id')} desc`;
  return sql`${sql.ref('created_at')} ${way}, ${sql.ref('id')} ${way}`;
}

/** The rows of one kind: codes, or short links (the same table, the same rules). */
export class CodesRepository {
  constructor(
    private readonly db: Kysely<Schema>,
    readonly kind: CodeKind = 'code',
  ) {}

  /** This kind's rows, each with its lifetime total. */
  private rows(db: Kysely<Schema> = this.db) {
    return withLifetimeTotals(db).where('kind', '=', this.kind);
  }

  async insert(code: Code, db: Kysely<Schema> = this.db): Promise<void> {
    await db.insertInto('codes').values(toRow(code)).execute();
  }

  async insertMany(codes: readonly Code[], db: Kysely<Schema>): Promise<void> {
    for (const part of chunks(codes)) await db.insertInto('codes').values(part.map(toRow)).execute();
  }

  /** The account's codes with these ids (any order; the missing ones left out). */
  async findMany(accountId: string, ids: readonly string[]): Promise<Code[]> {
    if (ids.length === 0) return [];
    const rows = await this.rows().where('account_id', '=', accountId).where('id', 'in', ids).execute();
    return rows.map(toCode);
  }

  /**
   * Writes every mutable field of the code but its folder (moveToFolder), so a stale read never
   * undoes a move. A changed limit of counted visits starts from the lifetime count, and a changed
   * expiry is announced again once it is reached.
   */
  async update(code: Code, db: Kysely<Schema> = this.db, expiryChanged = false): Promise<void> {
    const { id, account_id, created_at: _createdAt, folder_id: _folderId, ...changes } = toRow(code);
    const expiry = expiryChanged ? { uses: code.scans, expired_at: null } : {};
    await db
      .updateTable('codes')
      .set({ ...changes, ...expiry })
      .where('id', '=', id)
      .where('account_id', '=', account_id)
      .execute();
  }

  async findInAccount(accountId: string, id: string, db: Kysely<Schema> = this.db): Promise<Code | null> {
    const row = await this.rows(db).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row ? toCode(row) : null;
  }

  async findById(id: string): Promise<Code | null> {
    const row = await this.rows().where('id', '=', id).executeTakeFirst();
    return row ? toCode(row) : null;
  }

  /**
   * In `query.sort`'s order (newest first by default), ties by id; `name` matches a case-insensitive
   * substring of a code's name only, of a link's name, ending or destination (a link is often known
   * by its address alone).
   */
  async list(accountId: string, query: ListCodesQuery): Promise<Code[]> {
    let q = this.rows().where('account_id', '=', accountId);
    if (query.name) {
      const part = containsPattern(query.name.toLowerCase());
      q = q.where(
        this.kind === 'code'
          ? sql<boolean>`name_lower like ${part} escape '\\'`
          : sql<boolean>`(name_lower like ${part} escape '\\' or lower(short_code) like ${part} escape '\\' or lower(destination) like ${part} escape '\\')`,
      );
    }
    if (query.status) q = q.where('status', '=', query.status);
    if (query.folderId) q = q.where('folder_id', '=', query.folderId);
    q = withMemberFilters(q, this.kind, query);
    const rows = await q
      .orderBy(listOrder(this.db, query.sort ?? '-created'))
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return rows.map(toCode);
  }

  async countLive(accountId: string, db: Kysely<Schema> = this.db): Promise<number> {
    const row = await db
      .selectFrom('codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('kind', '=', this.kind)
      .where('status', '<>', 'archived')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Names in the account starting with `prefix` (case-sensitive), for choosing a clone's name. */
  async namesStartingWith(accountId: string, prefix: string, db: Kysely<Schema> = this.db): Promise<string[]> {
    const pattern = `${escapeLike(prefix.toLowerCase())}%`;
    const rows = await db
      .selectFrom('codes')
      .select('name')
      .where('account_id', '=', accountId)
      .where('kind', '=', this.kind)
      .where(sql<boolean>`name_lower like ${pattern} escape '\\'`)
      .execute();
    return rows.map((r) => r.name).filter((n) => n.startsWith(prefix));
  }

  async moveToFolder(accountId: string, id: string, folderId: string | null, db: Kysely<Schema> = this.db): Promise<void> {
    await db.updateTable('codes').set({ folder_id: folderId }).where('id', '=', id).where('account_id', '=', accountId).execute();
  }

  /** Every code of a folder (archived ones too), by name then id. */
  async inFolder(accountId: string, folderId: string): Promise<{ id: string; name: string }[]> {
    return this.named(accountId, folderId);
  }

  /** The ids of a folder's codes that are not archived, by name then id: what a print run of the folder draws. */
  async liveInFolder(accountId: string, folderId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('codes')
      .select('id')
      .where('account_id', '=', accountId)
      .where('kind', '=', this.kind)
      .where('folder_id', '=', folderId)
      .where('status', '<>', 'archived')
      .orderBy(byName(this.db))
      .execute();
    return rows.map((r) => r.id);
  }

  /** Every code of the account (archived ones too), by name: the ids and names analytics read. */
  async inAccount(accountId: string): Promise<{ id: string; name: string }[]> {
    return this.named(accountId, null);
  }

  private async named(accountId: string, folderId: string | null): Promise<{ id: string; name: string }[]> {
    let query = this.db
      .selectFrom('codes')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('kind', '=', this.kind);
    if (folderId !== null) query = query.where('folder_id', '=', folderId);
    return query.orderBy(byName(this.db)).execute();
  }

  /** Takes every code out of a folder (before the folder goes); returns how many were in it. */
  async leaveFolder(accountId: string, folderId: string, now: number, db: Kysely<Schema> = this.db): Promise<number> {
    return emptyFolder(db, 'codes', accountId, folderId, now);
  }
}
