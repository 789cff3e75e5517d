import type { PlanName } from '../platform/index.js';

export type AccountStatus = 'active' | 'suspended';

export interface Account {
  id: string;
  name: string;
  plan: PlanName;
  status: AccountStatus;
  domain: string | null;
  monthlyAllowance: number | null;
  ratePerMinute: number | null;
  /** Override of the plan's cap on live codes (null: the plan's). */
  maxCodes: number | null;
  createdAt: number;
}

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** Lower-cased host name without a port, or null when it is not a valid host name. */
export function normaliseDomain(value: string): string | null {
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  return HOSTNAME.test(host) ? host : null;
}
