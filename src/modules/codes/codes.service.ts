import type { Kysely } from 'kysely';
import { lockRow } from '../../db/dialect.js';
import type { Schema } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { InvalidRequest, NotFound, QuotaExceeded } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { Account } from '../accounts/accounts.types.js';
import { completeDesign, designProblem, type Design, type DesignInput } from '../designs/design.schema.js';
import { validateDestination } from '../endings/destination.js';
import { domainKey } from '../endings/endings.js';
import type { EndingsRepository } from '../endings/endings.repository.js';
import type { EndingsService } from '../endings/endings.service.js';
import { effectivePlan } from '../plans/plans.js';
import { hashGatePassword, GATE_PASSWORD_MAX, GATE_PASSWORD_MIN } from '../resolver/gate.js';
import type { InvalidationBus } from '../resolver/invalidation-bus.js';
import { validateRules } from '../routing/rules.js';
import { cloneName } from './clone-name.js';
import type { CodesRepository } from './codes.repository.js';
import { NAME_MAX, type Code, type CreateCodeInput, type ListCodesQuery, type UpdateCodeInput } from './codes.types.js';

function validName(value: string, field = 'name'): string {
  const name = value.trim();
  if (name.length === 0 || name.length > NAME_MAX)
    throw new InvalidRequest(`${field} must be 1 to ${NAME_MAX} characters.`, field);
  return name;
}

function validDesign(input: DesignInput | undefined, base?: Design): Design {
  const design = completeDesign(input, base);
  const problem = designProblem(design);
  if (problem) throw new InvalidRequest(problem.message, problem.field);
  return design;
}

async function gateHash(gate: { password: string } | null): Promise<string | null> {
  if (gate === null) return null;
  const length = [...gate.password].length;
  if (length < GATE_PASSWORD_MIN || length > GATE_PASSWORD_MAX) {
    throw new InvalidRequest(`gate.password must be ${GATE_PASSWORD_MIN} to ${GATE_PASSWORD_MAX} characters.`, 'gate.password');
  }
  return hashGatePassword(gate.password);
}

/** QR codes: create, read, change, clone, archive. Every change to an ending's answer is published on the bus. */
export class CodesService {
  constructor(
    private readonly codes: CodesRepository,
    private readonly accounts: AccountsRepository,
    private readonly endings: EndingsRepository,
    private readonly claims: EndingsService,
    private readonly bus: InvalidationBus,
    private readonly clock: Clock,
  ) {}

  async list(accountId: string, query: ListCodesQuery): Promise<Code[]> {
    return this.codes.list(accountId, query);
  }

  async get(accountId: string, id: string): Promise<Code> {
    const code = isId(id) ? await this.codes.findInAccount(accountId, id) : null;
    if (!code) throw new NotFound('code');
    return code;
  }

  async create(accountId: string, input: CreateCodeInput): Promise<Code> {
    const mode = input.mode ?? 'dynamic';
    const name = validName(input.name);
    const destination = validateDestination(input.url);
    const rules = validateRules(input.rules ?? []);
    const design = validDesign(input.design);
    if (mode === 'static') {
      for (const field of ['shortCode', 'rules', 'gate'] as const) {
        if (input[field] != null && !(field === 'rules' && rules.length === 0)) {
          throw new InvalidRequest(`${field} is only for dynamic codes: a static code encodes its destination itself.`, field);
        }
      }
    }
    const hash = await gateHash(input.gate ?? null);
    const account = await this.account(accountId);
    const now = this.clock.now();
    const code: Code = {
      id: newId(),
      accountId,
      name,
      mode,
      status: 'active',
      domain: domainKey(account.domain),
      shortCode: null,
      destination,
      design,
      rules,
      gateHash: hash,
      scans: 0,
      createdAt: now,
      updatedAt: now,
    };
    return this.insert(account, code, input.shortCode);
  }

  async update(accountId: string, id: string, input: UpdateCodeInput): Promise<Code> {
    const code = await this.get(accountId, id);
    const next: Code = { ...code, updatedAt: this.clock.now() };
    if (input.name !== undefined) next.name = validName(input.name);
    if (input.url !== undefined && input.url !== code.destination) {
      if (code.mode === 'static')
        throw new InvalidRequest('url cannot change: a static code encodes its destination in the printed symbol.', 'url');
      next.destination = validateDestination(input.url);
    }
    if (input.status !== undefined && input.status !== code.status) {
      if (code.status === 'archived') throw new InvalidRequest('status cannot change: the code is archived.', 'status');
      next.status = input.status;
    }
    if (input.design !== undefined) next.design = validDesign(input.design, code.design);
    if (input.rules !== undefined) {
      if (code.mode === 'static' && input.rules.length > 0)
        throw new InvalidRequest('rules are only for dynamic codes.', 'rules');
      next.rules = validateRules(input.rules);
    }
    if (input.gate !== undefined) {
      if (code.mode === 'static' && input.gate !== null) throw new InvalidRequest('gate is only for dynamic codes.', 'gate');
      next.gateHash = await gateHash(input.gate);
    }
    await this.codes.update(next);
    this.changed(next);
    return next;
  }

  /** One-way: the code stops resolving; its history is kept. */
  async archive(accountId: string, id: string): Promise<Code> {
    const code = await this.get(accountId, id);
    if (code.status === 'archived') return code;
    const next: Code = { ...code, status: 'archived', updatedAt: this.clock.now() };
    await this.codes.update(next);
    this.changed(next);
    return next;
  }

  /** Same destination, design, rules and gate; its own id and ending; no history; counts as a code. */
  async clone(accountId: string, id: string): Promise<Code> {
    const original = await this.get(accountId, id);
    const account = await this.account(accountId);
    const now = this.clock.now();
    const copy: Code = {
      ...original,
      id: newId(),
      status: 'active',
      shortCode: null,
      domain: domainKey(account.domain),
      scans: 0,
      createdAt: now,
      updatedAt: now,
    };
    return this.insert(account, copy, undefined, original.name);
  }

  /** Writes a new code (and its ending) under the account's cap, in one transaction. */
  private async insert(account: Account, code: Code, chosen: string | undefined, cloneOf?: string): Promise<Code> {
    const cap = effectivePlan(account.plan, account).maxCodes;
    const write = async (trx: Kysely<Schema>, ending: string | null): Promise<Code> => {
      await lockRow(trx, 'accounts', account.id);
      if (cap !== null && (await this.codes.countLive(account.id, trx)) >= cap) {
        throw new QuotaExceeded(`The plan allows ${cap} live codes; archive one or change plan to add more.`);
      }
      const name =
        cloneOf === undefined
          ? code.name
          : cloneName(cloneOf, await this.codes.namesStartingWith(account.id, cloneOf.slice(0, NAME_MAX - 12), trx));
      const row: Code = { ...code, name, shortCode: ending };
      await this.codes.insert(row, trx);
      if (ending !== null) {
        await this.endings.insert(
          {
            domain: row.domain,
            shortCode: ending,
            kind: 'code',
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
        ? await this.claims.transaction((trx) => write(trx, null))
        : await this.claims.claim(chosen, (trx, ending) => write(trx, ending));
    this.changed(created);
    return created;
  }

  private async account(accountId: string): Promise<Account> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw new NotFound('account');
    return account;
  }

  private changed(code: Code): void {
    if (code.shortCode !== null) this.bus.publish({ domain: code.domain, shortCode: code.shortCode });
  }
}
