import type { Static } from '@sinclair/typebox';
import { iso } from '../../../../lib/clock.js';
import type { Alert as AlertRecord } from '../../../../traffic/index.js';
import type { Alert } from './schema.js';

export function presentAlert(alert: AlertRecord): Static<typeof Alert> {
  return {
    id: alert.id,
    ruleId: alert.ruleId,
    codeId: alert.codeId,
    kind: alert.kind,
    date: alert.date,
    scans: alert.scans,
    raisedAt: iso(alert.raisedAt),
  };
}
