import type { Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { InvalidRequest, NotFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { newId } from '../../lib/ids.js';
import { dayOf, type BatchListener, type RecordedEvent } from '../events/events.types.js';
import { assertCan, type Person } from '../../platform/index.js';
import type { CodeLookup, Expired, ExpiryListener } from '../../catalog/index.js';
import type { AlertsRepository } from './store/alerts.repository.js';
import { isAlertKind, ALERT_KINDS, ONCE, type Alert, type AlertRule } from './alerts.types.js';

export interface CreateRuleInput {
  codeId: string;
  kind: string;
  threshold?: number | null;
}

/**
 * Per-code alert rules, evaluated inside each event batch's transaction (so an alert commits with the
 * scans that raised it), and the alerts they raise. Clearing a code's scans removes its alerts.
 * Reading rules and alerts needs analytics:read; setting and removing rules content:write.
 */
export class AlertsService {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly clock: Clock,
    private readonly codes: Pick<CodeLookup, 'findInAccount'>,
  ) {}

  /** Another account's code is as unknown as one that never existed. */
  private async assertCode(actor: Person, codeId: string | undefined): Promise<void> {
    if (codeId !== undefined && !(await this.codes.findInAccount(actor.accountId, codeId))) throw new NotFound('code');
  }

  /** The caller has checked that the code belongs to the account. */
  async createRule(actor: Person, input: CreateRuleInput): Promise<AlertRule> {
    assertCan(actor, 'content:write');
    if (!isAlertKind(input.kind)) throw new InvalidRequest(`kind must be one of ${ALERT_KINDS.join(', ')}.`, 'kind');
    const threshold = input.threshold ?? null;
    if (input.kind === 'daily_scans_above' && (threshold === null || !Number.isSafeInteger(threshold) || threshold < 0)) {
      throw new InvalidRequest('threshold must be a whole number >= 0 for daily_scans_above.', 'threshold');
    }
    const rule: AlertRule = {
      id: newId(),
      accountId: actor.accountId,
      codeId: input.codeId,
      kind: input.kind,
      threshold: input.kind === 'daily_scans_above' ? threshold : null,
      createdAt: this.clock.now(),
    };
    await this.alerts.insertRule(rule);
    return rule;
  }

  async rules(actor: Person, codeId?: string): Promise<AlertRule[]> {
    assertCan(actor, 'analytics:read');
    await this.assertCode(actor, codeId);
    return this.alerts.rules(actor.accountId, codeId);
  }

  async deleteRule(actor: Person, id: string): Promise<void> {
    assertCan(actor, 'content:write');
    if (!(await this.alerts.deleteRule(actor.accountId, id))) throw new NotFound('alert rule');
  }

  /** Raised alerts, newest first, with a cursor like /events. */
  async list(actor: Person, input: { codeId?: string; limit?: number; cursor?: string } = {}) {
    assertCan(actor, 'analytics:read');
    const limit = input.limit ?? 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new InvalidRequest('limit must be from 1 to 100.', 'limit');
    const before = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
    await this.assertCode(actor, input.codeId);
    const rows = await this.alerts.alerts({ accountId: actor.accountId, codeId: input.codeId, before, limit: limit + 1 });
    const alerts: Alert[] = rows.slice(0, limit);
    return { alerts, nextCursor: rows.length > limit ? encodeCursor(alerts.at(-1)!.id) : null };
  }

  /** Raises the `expired` alerts of a code whose expiry is being announced, in the announcing transaction. */
  readonly onExpired: ExpiryListener = async (trx: Tx, expired: Expired) => {
    if (expired.kind !== 'code') return;
    const rules = (await this.alerts.rulesOf(trx, [expired.id])).filter((rule) => rule.kind === 'expired');
    if (rules.length === 0) return;
    const total = await this.alerts.lifetime(trx, expired.id);
    for (const rule of rules) await this.alerts.raise(trx, { id: newId(), rule, day: ONCE, scans: total, at: expired.at });
  };

  /** The recorder's batch listener: checks the rules of the codes scanned in the batch. */
  readonly onBatch: BatchListener = async (trx: Tx, events: readonly RecordedEvent[]) => {
    const scans = events.filter((e) => e.type === 'scan' && e.codeId !== null);
    if (scans.length === 0) return;
    const rules = await this.alerts.rulesOf(trx, [...new Set(scans.map((e) => e.codeId!))]);
    const now = this.clock.now();
    for (const rule of rules) {
      if (rule.kind === 'expired') continue;
      const days = new Set(scans.filter((e) => e.codeId === rule.codeId).map((e) => dayOf(e.occurredAt)));
      if (rule.kind === 'first_scan') {
        const total = await this.alerts.lifetime(trx, rule.codeId);
        if (total > 0) await this.alerts.raise(trx, { id: newId(), rule, day: ONCE, scans: total, at: now });
        continue;
      }
      for (const day of days) {
        const count = await this.alerts.scansOn(trx, rule.codeId, day);
        if (count > (rule.threshold ?? 0)) await this.alerts.raise(trx, { id: newId(), rule, day, scans: count, at: now });
      }
    }
  };
}
