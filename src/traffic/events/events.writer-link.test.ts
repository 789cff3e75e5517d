import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageWriterLink, type Port, type ToWriter } from './events.writer-link.js';

/** A port that keeps what the link sends. */
function recordingPort(): Port<ToWriter, unknown> & { sent: ToWriter[] } {
  const sent: ToWriter[] = [];
  return { sent, post: (message) => sent.push(message), onMessage: () => {} };
}

const robot = (targetId: string) => ({ accountId: 'a', targetId, day: 20_000, count: 1 });
const hits = (sent: ToWriter[]) => sent.filter((m) => m.t === 'hits') as Extract<ToWriter, { t: 'hits' }>[];

describe('the message link to a writer elsewhere', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the lines of a turn within 10 ms, without the excluded counts', () => {
    const port = recordingPort();
    const link = new MessageWriterLink(port);
    link.exclude(robot('t1'));
    link.push({} as never, 'line-1');
    link.endTurn();
    vi.advanceTimersByTime(10);
    expect(hits(port.sent)).toEqual([{ qrelay: 'writer', t: 'hits', lines: 'line-1\n', excluded: [] }]);
  });

  it('gathers excluded counts for a second, then sends them added up in one message', () => {
    const port = recordingPort();
    const link = new MessageWriterLink(port);
    for (const target of ['t1', 't1', 't2', 't1']) link.exclude(robot(target));
    vi.advanceTimersByTime(999);
    expect(port.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    const [message, ...rest] = hits(port.sent);
    expect(rest).toEqual([]);
    expect(message!.lines).toBe('');
    expect([...message!.excluded].sort((x, y) => x.targetId.localeCompare(y.targetId))).toEqual([
      { ...robot('t1'), count: 3 },
      robot('t2'),
    ]);
    // Nothing is left to send.
    vi.advanceTimersByTime(5_000);
    expect(hits(port.sent)).toHaveLength(1);
  });

  it('sends the excluded counts at once on a flush, with the lines waiting', () => {
    const port = recordingPort();
    const link = new MessageWriterLink(port);
    link.exclude(robot('t1'));
    link.push({} as never, 'line-1');
    link.endTurn();
    void link.flush();
    expect(hits(port.sent)).toEqual([{ qrelay: 'writer', t: 'hits', lines: 'line-1\n', excluded: [robot('t1')] }]);
    expect(port.sent.at(-1)).toMatchObject({ t: 'flush' });
    // Neither timer sends anything more.
    vi.advanceTimersByTime(5_000);
    expect(hits(port.sent)).toHaveLength(1);
  });
});
