import type { Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { InvalidRequest, NotFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { assertCan, type InvalidationBus, type Person } from '../../platform/index.js';
import type { EndingsService } from '../endings/endings.service.js';
import type { Repoint } from './lifecycle.types.js';
import type { RepointsRepository } from './store/repoints.repository.js';

/** Pending repoints one code may hold at once. */
export const PENDING_MAX = 100;
/** Repoints applied per run of the job. */
const BATCH = 500;

/** How the code or link a repoint is for is found (the service of its kind: 404 for another account's). */
export interface RepointTargets {
  get(actor: Person, id: string): Promise<{ id: string; kind: 'code' | 'link'; mode: 'dynamic' | 'static' }>;
}

export interface CreateRepointInput {
  url: string;
  at: string;
}

export interface RepointsDeps {
  repoints: RepointsRepository;
  claims: EndingsService;
  transactor: Transactor;
  bus: InvalidationBus;
  clock: Clock;
}

/**
 * Destination changes scheduled for a dynamic code or link (`codes`: the service of its kind, which
 * finds it or answers 404). A job applies each once its time has come, within a minute, on one
 * instance: the change and the repoint's `done` commit together, and only a pending repoint is moved.
 * The code's repoints, done and cancelled ones included, are its history of scheduled changes.
 */
export class RepointsService {
  constructor(private readonly deps: RepointsDeps) {}

  async schedule(actor: Person, codes: RepointTargets, codeId: string, input: CreateRepointInput): Promise<Repoint> {
    assertCan(actor, 'content:write');
    const code = await codes.get(actor, codeId);
    if (code.mode === 'static')
      throw new InvalidRequest('Repoints are only for dynamic codes: a static code encodes its destination itself.', 'url');
    const now = this.deps.clock.now();
    const at = /^\d{4}-\d{2}-\d{2}T/.test(input.at) ? Date.parse(input.at) : Number.NaN;
    if (Number.isNaN(at)) throw new InvalidRequest('at must be a date-time such as 2027-01-31T09:00:00Z.', 'at');
    if (at <= now) throw new InvalidRequest('at must be in the future.', 'at');
    const url = await this.deps.claims.destination(input.url);
    if ((await this.deps.repoints.countPending(code.id)) >= PENDING_MAX)
      throw new InvalidRequest(`A ${code.kind} can hold at most ${PENDING_MAX} pending repoints.`, 'at');
    const repoint: Repoint = {
      id: newId(),
      accountId: actor.accountId,
      codeId: code.id,
      url,
      at,
      status: 'pending',
      createdAt: now,
      appliedAt: null,
    };
    await this.deps.repoints.insert(repoint);
    return repoint;
  }

  async list(actor: Person, codes: RepointTargets, codeId: string): Promise<Repoint[]> {
    const code = await codes.get(actor, codeId);
    return this.deps.repoints.list(actor.accountId, code.id);
  }

  /** Cancels a pending repoint; one already applied or cancelled is a 400, another code's a 404. */
  async cancel(actor: Person, codes: RepointTargets, codeId: string, id: string): Promise<void> {
    assertCan(actor, 'content:write');
    const code = await codes.get(actor, codeId);
    const repoint = isId(id) ? await this.deps.repoints.find(actor.accountId, code.id, id) : null;
    if (!repoint) throw new NotFound('repoint');
    if (!(await this.deps.repoints.settle(repoint.id, 'cancelled', this.deps.clock.now())))
      throw new InvalidRequest(`Only a pending repoint can be cancelled; this one is ${repoint.status}.`, 'repointId');
  }

  /** Applies every repoint whose time has come; returns how many this instance applied. */
  async applyDue(): Promise<number> {
    const now = this.deps.clock.now();
    let applied = 0;
    for (const due of await this.deps.repoints.due(now, BATCH)) {
      const done = await this.deps.transactor.run(async (tx) => {
        if (!(await this.deps.repoints.settle(due.id, 'done', now, tx))) return false;
        await this.deps.repoints.apply(due, now, tx);
        return true;
      });
      if (!done) continue;
      applied += 1;
      if (due.shortCode !== null) this.deps.bus.publish({ domain: due.domain, shortCode: due.shortCode });
    }
    return applied;
  }
}
