/** A per-code alert rule: the first scan ever, more than `threshold` scans in one UTC day, or the code's expiry. */
export const ALERT_KINDS = ['first_scan', 'daily_scans_above', 'expired'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const isAlertKind = (value: string): value is AlertKind => (ALERT_KINDS as readonly string[]).includes(value);

export interface AlertRule {
  id: string;
  accountId: string;
  codeId: string;
  kind: AlertKind;
  /** For `daily_scans_above`: raised when a day's scans exceed it. */
  threshold: number | null;
  createdAt: number;
}

export interface Alert {
  id: string;
  accountId: string;
  ruleId: string;
  codeId: string;
  kind: AlertKind;
  /** The UTC day (YYYY-MM-DD) the alert is about; null for `first_scan` and `expired`. */
  date: string | null;
  /** Scans of that day (or lifetime, for `first_scan` and `expired`) when the alert was raised. */
  scans: number;
  raisedAt: number;
}

/** The `day` stored for a first-scan or expiry alert: it is raised once, not once per day. */
export const ONCE = -1;
