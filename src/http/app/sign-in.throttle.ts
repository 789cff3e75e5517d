import { RateLimited } from '../../lib/errors.js';
import { sha256Hex } from '../../lib/secrets.js';
import type { Clock } from '../../lib/clock.js';
import { AnonymousLimiter, type LimitsService } from '../../platform/index.js';
import { normaliseEmail } from '../../identity/index.js';

/** Sign-in attempts allowed per minute for one address, across every client and instance. */
export const SIGN_IN_PER_ACCOUNT = 10;
/** Sign-in attempts allowed per minute from one client, whatever the address. */
export const SIGN_IN_PER_CLIENT = 20;

/**
 * Slows password guessing: per address in the shared counter store (keyed by a hash of
 * the address), per client in memory (keyed by a process-lived HMAC of its address, never stored).
 */
export class SignInThrottle {
  private readonly clients: AnonymousLimiter;

  constructor(
    private readonly limits: LimitsService,
    clock: Clock,
  ) {
    this.clients = new AnonymousLimiter(SIGN_IN_PER_CLIENT, clock);
  }

  async take(clientAddress: string, email: string): Promise<void> {
    const client = this.clients.hit(clientAddress);
    if (!client.allowed) throw new RateLimited(client.resetSeconds);
    const key = sha256Hex(`sign-in:${normaliseEmail(email) ?? email.trim().toLowerCase()}`);
    const account = await this.limits.takeRate(`sign-in:${key}`, SIGN_IN_PER_ACCOUNT);
    if (!account.allowed) throw new RateLimited(account.resetSeconds);
  }
}
