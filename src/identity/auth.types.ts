import type { Plan } from '../platform/index.js';
import type { User } from './users.types.js';

/** A single-use link's purpose: an invitation sets the first password, a reset replaces one. */
export type PasswordTokenPurpose = 'invitation' | 'reset' | 'email';

/** Random part of a session secret or a password link: 43 base62 characters, about 256 bits. */
export const AUTH_SECRET_LENGTH = 43;
const AUTH_SECRET_SHAPE = new RegExp(`^[0-9A-Za-z]{${AUTH_SECRET_LENGTH}}$`);
export const isAuthSecret = (value: string): boolean => AUTH_SECRET_SHAPE.test(value);

const HOUR = 3_600_000;
export const PASSWORD_TOKEN_TTL: Record<PasswordTokenPurpose, number> = {
  reset: HOUR,
  invitation: 7 * 24 * HOUR,
  email: 24 * HOUR,
};
/** A password that was right waits this long for its second factor, then the person starts again. */
export const SECOND_FACTOR_TTL = 10 * 60_000;
/** A session lasts 30 days from sign-in, then the person signs in again. */
export const SESSION_TTL = 30 * 24 * HOUR;
/** At most this many reset mails per person and hour, against mail bombing. */
export const RESETS_PER_HOUR = 3;

export interface PasswordToken {
  id: string;
  accountId: string;
  userId: string;
  purpose: PasswordTokenPurpose;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  /** The new address an `email` link confirms; null for the others. */
  email: string | null;
}

export interface Session {
  id: string;
  accountId: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  /** "Firefox on Windows": what the sessions list shows; never the client's address. */
  agent: string | null;
  lastUsedAt: number | null;
  /** `second_factor` while the password was right and the second factor is still awaited. */
  stage: SessionStage;
}

export type SessionStage = 'full' | 'second_factor';

/** Who is behind a dashboard session. */
export interface SessionPrincipal {
  session: Session;
  user: User;
  account: { id: string; name: string; plan: Plan; requireTwoFactor: boolean };
  /** Whether the person has a second factor (an authenticator app). */
  twoFactor: boolean;
}
