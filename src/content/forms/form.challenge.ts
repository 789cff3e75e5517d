import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Clock } from '../../lib/clock.js';
import type { CounterStore } from '../../platform/index.js';

/** How long a challenge may be solved and sent for. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/** The work asked of a browser: PBKDF2 rounds per try, and the range the secret try count is drawn from. */
export interface ChallengeCost {
  cost: number;
  counter: readonly [min: number, max: number];
}

/** About a second of a phone's time with the widget's workers; a script must pay it for every message. */
export const DEFAULT_COST: ChallengeCost = { cost: 1000, counter: [2000, 6000] };

export const ALGORITHM = 'PBKDF2/SHA-256';

/** Why a solution was refused. */
export type ChallengeProblem = 'missing' | 'invalid' | 'expired' | 'reused' | 'unavailable';

export const CHALLENGE_MESSAGES: Record<ChallengeProblem, string> = {
  missing: 'Please wait until the check that you are a person has finished, then send again.',
  invalid: 'The check that you are a person did not pass. Please try it again.',
  expired: 'The check that you are a person has expired. Please try it again.',
  reused: 'This check was already used. Please try it again.',
  unavailable: 'This form cannot be sent at the moment: its check is not set up on this server.',
};

const decode = (raw: string): Payload | null => {
  try {
    const payload = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Payload;
    return payload && typeof payload === 'object' && payload.challenge && payload.solution ? payload : null;
  } catch {
    return null;
  }
};

/**
 * The proof-of-work challenges of public forms: HMAC-signed with a key every instance
 * shares, each solution accepted once across instances (spent in the shared counter store until it
 * expires). The expiry is signed among the challenge's data and read on the service's clock.
 */
export class FormChallenges {
  private readonly keySecret: string | undefined;

  constructor(private readonly deps: { key: string | null; counters: CounterStore; clock: Clock; cost?: ChallengeCost }) {
    // A second secret, derived from the key, signs the expected result so verifying costs one HMAC.
    this.keySecret = deps.key ? createHmac('sha256', deps.key).update('qrelay challenge key signature').digest('hex') : undefined;
  }

  /** Whether challenges can be made and checked (the key is configured). */
  get available(): boolean {
    return this.deps.key !== null;
  }

  /** A new signed challenge for the widget of form `formId`; null without a key. */
  async create(formId: string): Promise<Challenge | null> {
    if (!this.deps.key) return null;
    const { cost, counter } = this.deps.cost ?? DEFAULT_COST;
    return createChallenge({
      algorithm: ALGORITHM,
      cost,
      counter: randomInt(counter[0], counter[1]),
      deriveKey,
      // The form is signed in, so a solution made for one form cannot be spent on another.
      data: { expires: this.deps.clock.now() + CHALLENGE_TTL_MS, form: formId },
      hmacSignatureSecret: this.deps.key,
      hmacKeySignatureSecret: this.keySecret,
    });
  }

  /**
   * Checks the widget's `altcha` field sent to form `formId`; a good solution is spent when `spend` (so
   * it is accepted once). Null when it passes, else why not.
   */
  async check(raw: string | undefined, spend: boolean, formId: string): Promise<ChallengeProblem | null> {
    if (!this.deps.key) return 'unavailable';
    if (!raw || raw.trim() === '') return 'missing';
    const payload = decode(raw.trim());
    if (!payload) return 'invalid';
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.deps.key,
      hmacKeySignatureSecret: this.keySecret,
    }).catch(() => null);
    if (!result?.verified || !payload.challenge.signature) return 'invalid';
    if (payload.challenge.parameters.data?.form !== formId) return 'invalid';
    const expires = Number(payload.challenge.parameters.data?.expires);
    if (!Number.isFinite(expires) || expires <= this.deps.clock.now()) return 'expired';
    if (!spend) return null;
    const spent = await this.deps.counters.take(`challenge:${payload.challenge.signature}`, 1, expires);
    return spent.taken ? null : 'reused';
  }
}
