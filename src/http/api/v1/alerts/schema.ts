import { Type } from '@sinclair/typebox';
import { ALERT_KINDS } from '../../../../traffic/index.js';
import { DateTime, Nullable, StringEnum } from '../../../schemas.js';

/** An alert raised by a per-code rule. */
export const Alert = Type.Object(
  {
    id: Type.String(),
    ruleId: Type.String(),
    codeId: Type.String(),
    kind: StringEnum(ALERT_KINDS),
    date: Nullable(Type.String({ format: 'date', description: 'The UTC day concerned; null for first_scan and expired.' })),
    scans: Type.Integer({ minimum: 0, description: "The day's scans (lifetime scans for first_scan and expired) when raised." }),
    raisedAt: DateTime,
  },
  { title: 'Alert' },
);

export const ListAlertsQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
    codeId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const AlertPage = Type.Object({ data: Type.Array(Alert), nextCursor: Nullable(Type.String()) });
