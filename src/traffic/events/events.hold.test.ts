import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerHold } from './events.hold.js';
import { silentLog } from './events.writer.js';

/** A hold whose released answers are counted. */
function holdWith(maxHoldMs: number) {
  const released: string[] = [];
  const hold = new AnswerHold(
    maxHoldMs,
    (answer) => answer(),
    () => silentLog,
  );
  return { hold, released, answer: (name: string) => () => void released.push(name) };
}

describe('the answers held while the writer is behind', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets them go once a commit brings the backlog under the mark, not before', () => {
    const { hold, released, answer } = holdWith(1_000);
    hold.hold(answer('a'));
    hold.hold(answer('b'));
    hold.committed(false);
    expect(released).toEqual([]);
    hold.committed(true);
    expect(released).toEqual(['a', 'b']);
    expect(hold.heldAnswers).toBe(2);
  });

  it('lets them go after the longest hold whatever the writer does', () => {
    const { hold, released, answer } = holdWith(1_000);
    hold.hold(answer('a'));
    vi.advanceTimersByTime(999);
    expect(released).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(released).toEqual(['a']);
  });

  it('stops holding for a writer that has committed nothing for five seconds, and holds again once it commits', () => {
    const { hold } = holdWith(1_000);
    expect(hold.worthHolding()).toBe(true);
    vi.advanceTimersByTime(4_999);
    expect(hold.worthHolding()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(hold.worthHolding()).toBe(false);
    hold.committed(false);
    expect(hold.worthHolding()).toBe(true);
  });
});
