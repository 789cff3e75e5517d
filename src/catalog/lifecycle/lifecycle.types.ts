import type { Utm } from './utm.js';

export type RepointStatus = 'pending' | 'done' | 'cancelled';

/** A destination change scheduled for a dynamic code or link. */
export interface Repoint {
  id: string;
  accountId: string;
  codeId: string;
  url: string;
  at: number;
  status: RepointStatus;
  createdAt: number;
  appliedAt: number | null;
}

/** An account's saved UTM parameters. */
export interface UtmTemplate {
  id: string;
  accountId: string;
  name: string;
  utm: Utm;
  createdAt: number;
  updatedAt: number;
}

/** A code or link whose expiry has just been announced. */
export interface Expired {
  id: string;
  accountId: string;
  kind: 'code' | 'link';
  name: string;
  reason: 'date' | 'count';
  at: number;
}
