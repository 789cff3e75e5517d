import { fromColumns, toColumns } from '../../../db/columns.js';
import { chunks } from '../../../db/dialect.js';
import type { Kysely, Selectable } from 'kysely';
import type { AlertRulesTable, AlertsTable, Schema } from '../../../db/schema.js';
import { deleteOwned } from '../../../db/owned.js';
import { dayIso } from '../../events/events.types.js';
import { ONCE, type Alert, type AlertKind, type AlertRule } from '../alerts.types.js';

const toRule = (r: Selectable<AlertRulesTable>): AlertRule => ({
  ...fromColumns(r, 'id account_id code_id'),
  kind: r.kind as AlertKind,
  threshold: r.threshold === null ? null : Number(r.threshold),
  createdAt: Number(r.created_at),
});

const toAlert = (r: Selectable<AlertsTable>): Alert => ({
  ...fromColumns(r, 'id account_id rule_id code_id'),
  kind: r.kind as AlertKind,
  date: Number(r.day) === ONCE ? null : dayIso(Number(r.day)),
  scans: Number(r.scans),
  raisedAt: Number(r.raised_at),
});

export class AlertsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insertRule(rule: AlertRule): Promise<void> {
    await this.db
      .insertInto('alert_rules')
      .values({
        ...toColumns(rule, 'id accountId codeId kind threshold createdAt'),
      })
      .execute();
  }

  async rules(accountId: string, codeId?: string): Promise<AlertRule[]> {
    let query = this.db.selectFrom('alert_rules').selectAll().where('account_id', '=', accountId);
    if (codeId !== undefined) query = query.where('code_id', '=', codeId);
    return (await query.orderBy('id').execute()).map(toRule);
  }

  /** Deletes a rule and the alerts it raised; false if the account has no such rule. */
  async deleteRule(accountId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await deleteOwned(trx, 'alert_rules', accountId, id))) return false;
      await trx.deleteFrom('alerts').where('rule_id', '=', id).execute();
      return true;
    });
  }

  async alerts(q: { accountId: string; codeId?: string; before?: string; limit: number }): Promise<Alert[]> {
    let query = this.db.selectFrom('alerts').selectAll().where('account_id', '=', q.accountId);
    if (q.codeId !== undefined) query = query.where('code_id', '=', q.codeId);
    if (q.before !== undefined) query = query.where('id', '<', q.before);
    return (await query.orderBy('id', 'desc').limit(q.limit).execute()).map(toAlert);
  }

  /** Within a batch: the rules of these codes (usually none; one indexed query per 1,000 codes). */
  async rulesOf(trx: Kysely<Schema>, codeIds: readonly string[]): Promise<AlertRule[]> {
    const rules: AlertRule[] = [];
    for (const ids of chunks(codeIds, 1000)) {
      rules.push(...(await trx.selectFrom('alert_rules').selectAll().where('code_id', 'in', ids).execute()).map(toRule));
    }
    return rules;
  }

  /** Within a batch: scans of (code, day) from the rollups, and lifetime totals. */
  async scansOn(trx: Kysely<Schema>, codeId: string, day: number): Promise<number> {
    const row = await trx
      .selectFrom('event_days')
      .innerJoin('event_targets', 'event_targets.id', 'event_days.target')
      .select('event_days.events')
      .where('event_targets.key', '=', codeId)
      .where('event_days.day', '=', day)
      .executeTakeFirst();
    return row ? Number(row.events) : 0;
  }

  async lifetime(trx: Kysely<Schema>, codeId: string): Promise<number> {
    const row = await trx.selectFrom('event_targets').select('total').where('key', '=', codeId).executeTakeFirst();
    return row ? Number(row.total) : 0;
  }

  /** Raises an alert once per rule and day (idempotent under replay and concurrent instances). */
  async raise(
    trx: Kysely<Schema>,
    alert: { id: string; rule: AlertRule; day: number; scans: number; at: number },
  ): Promise<void> {
    await trx
      .insertInto('alerts')
      .values({
        id: alert.id,
        account_id: alert.rule.accountId,
        rule_id: alert.rule.id,
        code_id: alert.rule.codeId,
        kind: alert.rule.kind,
        day: alert.day,
        scans: alert.scans,
        raised_at: alert.at,
      })
      .onConflict((oc) => oc.columns(['rule_id', 'day']).doNothing())
      .execute();
  }
}
