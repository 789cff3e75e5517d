import type { Transactor, Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { InvalidRequest, NotFound, QuotaExceeded } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { validName } from '../../db/names.js';
import type { Account, AccountLookup } from '../../identity/index.js';
import { validDesign, type Design } from '../designs/design.schema.js';
import { domainKey, generateEnding, GENERATED_LENGTH, validateChosenEnding } from '../endings/endings.js';
import type { EndingsRepository } from '../endings/store/endings.repository.js';
import type { EndingsService } from '../endings/endings.service.js';
import type { FoldersRepository } from '../folders/store/folders.repository.js';
import { assertCan, ContentReads, effectivePlan, type InvalidationBus, type Person } from '../../platform/index.js';
import { gateHash } from './gate.js';
import { validateRules } from '../routing/rules.js';
import type { TemplatesService } from '../templates/templates.service.js';
import type { ScannabilityGate } from '../symbols/scannability.gate.js';
import { cloneName } from './clone-name.js';
import { hasLifecycle, lifecycleFields, NO_LIFECYCLE, type LifecycleChecks } from '../lifecycle/fields.js';
import type { CodesRepository } from './store/codes.repository.js';
import {
  NAME_MAX,
  type Code,
  type CodeKind,
  type ContentRef,
  type CreateCodeInput,
  type ListCodesQuery,
  type UpdateCodeInput,
} from './codes.types.js';

/** What drafting a code reads from the store (`templates`: designs already read, kept for the next rows). */
export interface Drafting {
  account: Account;
  destination: (value: string, field: string) => string;
  templates?: Map<string, Design>;
}

/** The public address of the actor's hosted content, or 404 when the account has no such content. */
export type ContentAddress = (actor: Person, content: ContentRef) => Promise<string>;

export interface CodesDeps {
  codes: CodesRepository;
  accounts: AccountLookup;
  endings: EndingsRepository;
  folders: FoldersRepository;
  claims: EndingsService;
  templates: TemplatesService;
  scannable: ScannabilityGate;
  transactor: Transactor;
  bus: InvalidationBus;
  clock: Clock;
  contentAddress: ContentAddress;
  /** The public path of the account's image with this id (for a social preview), or null. */
  imagePath: (accountId: string, id: string) => Promise<string | null>;
}

/**
 * QR codes, or short links (the kind of its repository): create, read, change, clone, archive, for
 * an acting person whose role allows it (reading: content:read; everything else: content:write).
 * A link is a dynamic code shown by its address: its name is optional, it does not count against
 * the plan's live codes, and its design (for its QR image) is the defaults unless one is given.
 * Every change to an ending's answer is published on the bus.
 */
export class CodesService extends ContentReads<Code, [query: ListCodesQuery]> {
  private readonly codes: CodesRepository;
  private readonly claims: EndingsService;
  private readonly clock: Clock;
  readonly kind: CodeKind;

  constructor(private readonly deps: CodesDeps) {
    super(deps.codes.kind, deps.codes);
    ({ codes: this.codes, claims: this.claims, clock: this.clock } = deps);
    this.kind = deps.codes.kind;
  }

  async create(actor: Person, input: CreateCodeInput): Promise<Code> {
    assertCan(actor, 'content:write');
    const drafting = await this.drafting(actor);
    const code = await this.draft(actor, input, drafting);
    if (this.kind === 'code' || input.design !== undefined || input.templateId !== undefined)
      await this.deps.scannable.assertCode({ ...code, shortCode: input.shortCode ?? null }, input.acceptUnscannable);
    return this.insert(drafting.account, code, input.shortCode);
  }

  /** What drafting reads from the store, read once: for one create, or for every row of a bulk input. */
  async drafting(actor: Person): Promise<Drafting> {
    return { account: await this.account(actor.accountId), destination: await this.claims.destinationCheck() };
  }

  /**
   * A new code from a create body, checked as a create checks it but for the scannability of its
   * design and the cap (a bulk input checks those once for all its rows); nothing is written.
   */
  async draft(actor: Person, input: CreateCodeInput, drafting: Drafting): Promise<Code> {
    const { account, destination: check } = drafting;
    const mode = input.mode ?? 'dynamic';
    if (this.kind === 'link' && mode !== 'dynamic') throw new InvalidRequest('A short link is always dynamic.', 'mode');
    const name = this.kind === 'link' && !input.name ? '' : validName(input.name ?? '', NAME_MAX);
    const destination = await this.destinationOf(actor, input, check);
    if (input.content && mode === 'static')
      throw new InvalidRequest('content is only for dynamic codes: a static code encodes an address itself.', 'content');
    const rules = validateRules(input.rules ?? [], check);
    const design = validDesign(input.design, await this.templateDesign(actor, input.templateId, drafting.templates));
    if (mode === 'static') {
      for (const field of ['shortCode', 'rules', 'gate'] as const) {
        if (input[field] != null && !(field === 'rules' && rules.length === 0)) {
          throw new InvalidRequest(`${field} is only for dynamic codes: a static code encodes its destination itself.`, field);
        }
      }
    }
    const hash = await gateHash(input.gate ?? null);
    const lifecycle = await lifecycleFields(input, NO_LIFECYCLE, this.lifecycleChecks(account.id, check));
    if (mode === 'static' && hasLifecycle(lifecycle))
      throw new InvalidRequest(
        'Expiry, utm and preview are only for dynamic codes: a static code encodes its destination itself.',
        ['expiresAt', 'maxScans', 'expiredUrl', 'utm', 'preview'].find((f) => input[f as keyof CreateCodeInput] != null),
      );
    const now = this.clock.now();
    return {
      id: newId(),
      accountId: account.id,
      kind: this.kind,
      name,
      mode,
      status: 'active',
      domain: domainKey(account.domain),
      shortCode: null,
      destination,
      design,
      rules,
      gateHash: hash,
      folderId: input.folderId ?? null,
      content: input.content ?? null,
      scans: 0,
      uses: 0,
      ...lifecycle,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** The lifecycle checks of this kind of code, for the account's media. */
  private lifecycleChecks(accountId: string, destination: Drafting['destination']): LifecycleChecks {
    return {
      destination,
      maxField: this.kind === 'link' ? 'maxClicks' : 'maxScans',
      imagePath: (id) => this.deps.imagePath(accountId, id),
    };
  }

  /**
   * Writes drafted codes in one transaction under the account's cap, each dynamic one with its chosen
   * ending or a generated one; `within` runs in the same transaction (a job records its progress
   * there). A taken ending or a generated one that collides fails the whole batch with the store's
   * unique violation, and nothing of it is written.
   */
  async insertMany(
    account: Account,
    drafts: readonly { code: Code; shortCode?: string | null }[],
    within: (tx: Tx) => Promise<void>,
  ): Promise<Code[]> {
    const cap = this.cap(account);
    const rows = drafts.map(({ code, shortCode }) => ({
      ...code,
      shortCode: code.mode === 'static' ? null : shortCode ? validateChosenEnding(shortCode) : generateEnding(GENERATED_LENGTH),
    }));
    await this.deps.transactor.run(async (tx) => {
      await this.deps.accounts.lock(account.id, tx);
      if (cap !== null && (await this.codes.countLive(account.id, tx)) + rows.length > cap) {
        throw new QuotaExceeded(`The plan allows ${cap} live codes; archive some or change plan to add more.`);
      }
      for (const folderId of new Set(rows.map((r) => r.folderId))) await this.folderFor(tx, account.id, folderId, true);
      await this.codes.insertMany(rows, tx);
      await this.deps.endings.insertMany(
        rows.flatMap((row) =>
          row.shortCode === null
            ? []
            : [
                {
                  domain: row.domain,
                  shortCode: row.shortCode,
                  kind: this.kind,
                  targetId: row.id,
                  accountId: account.id,
                  createdAt: row.createdAt,
                },
              ],
        ),
        tx,
      );
      await within(tx);
    });
    drafts.forEach(({ shortCode }, i) => {
      if (shortCode) this.changed(rows[i]!);
    });
    return rows;
  }

  async update(actor: Person, id: string, input: UpdateCodeInput): Promise<Code> {
    assertCan(actor, 'content:write');
    const accountId = actor.accountId;
    const code = await this.get(actor, id);
    const next: Code = { ...code, updatedAt: this.clock.now() };
    if (input.name !== undefined) next.name = this.kind === 'link' && input.name === '' ? '' : validName(input.name, NAME_MAX);
    if (input.url !== undefined && input.url !== code.destination) {
      if (code.mode === 'static')
        throw new InvalidRequest('url cannot change: a static code encodes its destination in the printed symbol.', 'url');
      next.destination = await this.claims.destination(input.url);
      next.content = null;
    }
    if (input.content !== undefined) {
      if (code.mode === 'static') throw new InvalidRequest('content is only for dynamic codes.', 'content');
      if (input.url !== undefined) throw new InvalidRequest('Send either url or content, not both.', 'content');
      next.destination = await this.deps.contentAddress(actor, input.content);
      next.content = { type: input.content.type, id: input.content.id };
    }
    if (input.status !== undefined && input.status !== code.status) {
      if (code.status === 'archived') throw new InvalidRequest('status cannot change: the code is archived.', 'status');
      next.status = input.status;
    }
    if (input.templateId !== undefined || input.design !== undefined) {
      next.design = validDesign(input.design, (await this.templateDesign(actor, input.templateId)) ?? code.design);
      await this.deps.scannable.assertCode(next, input.acceptUnscannable);
    }
    if (input.folderId !== undefined) next.folderId = input.folderId;
    if (input.rules !== undefined) {
      if (code.mode === 'static' && input.rules.length > 0)
        throw new InvalidRequest('rules are only for dynamic codes.', 'rules');
      next.rules = validateRules(input.rules, await this.claims.destinationCheck());
    }
    if (input.gate !== undefined) {
      if (code.mode === 'static' && input.gate !== null) throw new InvalidRequest('gate is only for dynamic codes.', 'gate');
      next.gateHash = await gateHash(input.gate);
    }
    Object.assign(
      next,
      await lifecycleFields(input, code, this.lifecycleChecks(accountId, await this.claims.destinationCheck())),
    );
    const expiryChanged = next.expiry !== code.expiry;
    if (code.mode === 'static' && (expiryChanged || next.utm !== code.utm || next.preview !== code.preview))
      throw new InvalidRequest('Expiry, utm and preview are only for dynamic codes.', 'mode');
    await this.deps.transactor.run(async (tx) => {
      const moves = next.folderId !== code.folderId;
      const folderId = moves ? await this.folderFor(tx, accountId, next.folderId, true) : null;
      await this.codes.update(next, tx, expiryChanged);
      if (moves) await this.codes.moveToFolder(accountId, id, folderId, tx);
    });
    this.changed(next);
    return next;
  }

  /** One-way: the code stops resolving; its history is kept. */
  async archive(actor: Person, id: string): Promise<Code> {
    assertCan(actor, 'content:write');
    const code = await this.get(actor, id);
    if (code.status === 'archived') return code;
    const next: Code = { ...code, status: 'archived', updatedAt: this.clock.now() };
    await this.codes.update(next);
    this.changed(next);
    return next;
  }

  /** An address (checked like every destination) or the public address of the account's content. */
  private async destinationOf(actor: Person, input: CreateCodeInput, check: Drafting['destination']): Promise<string> {
    if (input.content !== undefined) {
      if (input.url !== undefined) throw new InvalidRequest('Send either url or content, not both.', 'content');
      return this.deps.contentAddress(actor, input.content);
    }
    if (input.url === undefined) throw new InvalidRequest('url (or content) is required.', 'url');
    return check(input.url, 'url');
  }

  /** Same destination, design, rules, gate and folder; its own id and ending; no history; counts as a code. */
  async clone(actor: Person, id: string): Promise<Code> {
    assertCan(actor, 'content:write');
    const original = await this.get(actor, id);
    const account = await this.account(actor.accountId);
    const now = this.clock.now();
    const copy: Code = {
      ...original,
      id: newId(),
      status: 'active',
      shortCode: null,
      domain: domainKey(account.domain),
      scans: 0,
      uses: 0,
      createdAt: now,
      updatedAt: now,
    };
    return this.insert(account, copy, undefined, original.name);
  }

  /** Writes a new code (and its ending) under the account's cap, in one transaction. */
  private async insert(account: Account, code: Code, chosen: string | undefined, cloneOf?: string): Promise<Code> {
    const cap = this.cap(account);
    const write = async (trx: Tx, ending: string | null): Promise<Code> => {
      await this.deps.accounts.lock(account.id, trx);
      if (cap !== null && (await this.codes.countLive(account.id, trx)) >= cap) {
        throw new QuotaExceeded(`The plan allows ${cap} live codes; archive one or change plan to add more.`);
      }
      const name =
        cloneOf === undefined
          ? code.name
          : cloneName(cloneOf, await this.codes.namesStartingWith(account.id, cloneOf.slice(0, NAME_MAX - 12), trx));
      // A clone follows its original's folder, or goes in none if that folder has just been deleted.
      const folderId = await this.folderFor(trx, account.id, code.folderId, cloneOf === undefined);
      const row: Code = { ...code, name, shortCode: ending, folderId };
      await this.codes.insert(row, trx);
      if (ending !== null) {
        await this.deps.endings.insert(
          {
            domain: row.domain,
            shortCode: ending,
            kind: this.kind,
            targetId: row.id,
            accountId: account.id,
            createdAt: row.createdAt,
          },
          trx,
        );
      }
      return row;
    };
    const created =
      code.mode === 'static'
        ? await this.deps.transactor.run((tx) => write(tx, null))
        : await this.claims.claim(chosen, (trx, ending) => write(trx, ending));
    this.changed(created);
    return created;
  }

  /** The design of the account's template `id` (404 if it has none such), kept in `known` for the next rows; undefined without an id. */
  async templateDesign(actor: Person, id: string | undefined, known?: Map<string, Design>) {
    if (id === undefined) return undefined;
    const kept = known?.get(id);
    if (kept) return kept;
    const { design } = await this.deps.templates.get(actor, id);
    known?.set(id, design);
    return design;
  }

  /**
   * The folder a code may be written into, held (PostgreSQL) until the transaction ends so it cannot
   * go meanwhile. A folder the request names must be the account's (404 otherwise); one carried over
   * from an original that has just been deleted leaves the code in none.
   */
  private async folderFor(tx: Tx, accountId: string, id: string | null, named: boolean): Promise<string | null> {
    if (id === null) return null;
    if (isId(id) && (await this.deps.folders.lockInAccount(accountId, id, tx))) return id;
    if (named) throw new NotFound('folder');
    return null;
  }

  /** The plan's cap on live codes; links have none. */
  private cap(account: Account): number | null {
    return this.kind === 'code' ? effectivePlan(account.plan, account).maxCodes : null;
  }

  private async account(accountId: string): Promise<Account> {
    const account = await this.deps.accounts.findById(accountId);
    if (!account) throw new NotFound('account');
    return account;
  }

  private changed(code: Code): void {
    if (code.shortCode !== null) this.deps.bus.publish({ domain: code.domain, shortCode: code.shortCode });
  }
}
