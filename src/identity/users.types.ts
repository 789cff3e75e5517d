import type { Role } from '../platform/index.js';

export { ROLES, type Role } from '../platform/index.js';
export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export interface User {
  id: string;
  accountId: string;
  email: string;
  name: string | null;
  role: Role;
  status: UserStatus;
  createdAt: number;
  lastSignInAt: number | null;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** Lower-cased, trimmed address, or null when it is not an e-mail address. */
export function normaliseEmail(value: string): string | null {
  const email = value.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}
