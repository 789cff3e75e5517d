import { describe, expect, it } from 'vitest';
import { ExcludedTally } from './events.excluded.js';

describe('excluded hits tally', () => {
  it('adds up counts per day, account and target, and empties on take', () => {
    const tally = new ExcludedTally();
    expect(tally.empty).toBe(true);
    const count = (day: number, accountId: string, targetId: string, n = 1) => ({ day, accountId, targetId, count: n });
    tally.add(count(1, 'a', 't1'));
    tally.add(count(1, 'a', 't1', 2));
    tally.add(count(1, 'a', 't2'));
    tally.add(count(2, 'a', 't1'));
    tally.add(count(1, 'b', 't1'));
    expect(tally.empty).toBe(false);
    const sorted = (counts: ReturnType<ExcludedTally['take']>) =>
      [...counts].sort((x, y) => `${x.day}${x.accountId}${x.targetId}`.localeCompare(`${y.day}${y.accountId}${y.targetId}`));
    expect(sorted(tally.take())).toEqual([count(1, 'a', 't1', 3), count(1, 'a', 't2'), count(1, 'b', 't1'), count(2, 'a', 't1')]);
    expect(tally.empty).toBe(true);
    expect(tally.take()).toEqual([]);
  });

  it('never changes the count it was given', () => {
    const tally = new ExcludedTally();
    const given = { day: 1, accountId: 'a', targetId: 't', count: 1 };
    tally.add(given);
    tally.add(given);
    expect(given.count).toBe(1);
    expect(tally.take()).toEqual([{ ...given, count: 2 }]);
  });
});
