import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import type { CounterStore } from '../../platform/index.js';
import { FormChallenges } from './form.challenge.js';

const unused: CounterStore = {
  take: () => Promise.reject(new Error('not expected')),
  read: () => Promise.reject(new Error('not expected')),
  takeThen: () => Promise.reject(new Error('not expected')),
  purgeExpired: async () => {},
  close: async () => {},
};

describe('FormChallenges without CHALLENGE_HMAC_KEY', () => {
  it('makes no challenge and refuses every solution as unavailable, never as accepted', async () => {
    const challenges = new FormChallenges({ key: null, counters: unused, clock: new ManualClock() });
    expect(challenges.available).toBe(false);
    expect(await challenges.create('form-1')).toBeNull();
    expect(await challenges.check('anything', true, 'form-1')).toBe('unavailable');
    expect(await challenges.check(undefined, true, 'form-1')).toBe('unavailable');
  });
});
