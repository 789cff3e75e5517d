import { isIP } from 'node:net';
import type { Plan, PlanName } from '../platform/index.js';

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
  /** Every person of the account signs in with a second factor (set by an owner). */
  requireTwoFactor: boolean;
  /** The IANA time zone its analytics days are in. */
  timezone: string;
}

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** Lower-cased host name without a port, or null when it is not a valid host name. */
export function normaliseDomain(value: string): string | null {
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  return HOSTNAME.test(host) ? host : null;
}

/** The record to set at a custom domain so that its addresses reach this service. */
export interface DnsRecord {
  type: 'CNAME' | 'A' | 'AAAA';
  name: string;
  value: string;
}

/** The record that points `host` at this service: a CNAME to its public host name, or A/AAAA to its address. */
export function dnsRecordFor(host: string, config: { publicUrl: string }): DnsRecord {
  const target = new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, '');
  const family = isIP(target);
  if (family === 4) return { type: 'A', name: host, value: target };
  if (family === 6) return { type: 'AAAA', name: host, value: target };
  return { type: 'CNAME', name: host, value: `${target}.` };
}

/** An account's plan, this month's use of its API allowance and its custom domain, as its people see them. */
export interface AccountSettings {
  plan: Plan;
  allowance: { limit: number; used: number; resetsAt: number };
  domain: { host: string; record: DnsRecord } | null;
  /** The IANA zone the account's analytics count days in. */
  timezone: string;
}
