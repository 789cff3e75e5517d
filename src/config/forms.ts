import { ConfigError, type Env } from './read.js';

/** CHALLENGE_HMAC_KEY: the forms' proof-of-work key, at least 32 characters, the same on every instance. */
export function challengeKey(env: Env): string | null {
  const raw = env.CHALLENGE_HMAC_KEY?.trim();
  if (!raw) return null;
  if (raw.length < 32 || /\s/.test(raw))
    throw new ConfigError('CHALLENGE_HMAC_KEY', 'must be at least 32 characters without spaces');
  return raw;
}
