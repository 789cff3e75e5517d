import type { RecorderLog } from './events.writer.js';

/** A writer that has committed nothing for this long while the backlog is high is stalled: answers are not held for it. */
const STALLED_AFTER_MS = 5_000;

/**
 * The recorder's back-pressure: while the backlog of uncommitted hits is above its mark and
 * the writer is committing, the answers to recorded requests wait for the writer to bring it back
 * under, at most `maxHoldMs`, so a flood slows to what the store takes instead of being answered and
 * dropped. A writer stalled on an unreachable store is not waited for.
 */
export class AnswerHold {
  private held: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** When the writer last reported a commit, and when the backlog last rose above the mark. */
  private lastCommitAt = 0;
  private overSince: number | null = null;
  /** Answers that waited for the writer to catch up, in all. */
  heldAnswers = 0;

  /** `release` answers a held request once it may go (after the journal's write, if one is due). */
  constructor(
    private readonly maxHoldMs: number,
    private readonly release: (answer: () => void) => void,
    private readonly log: () => RecorderLog,
  ) {}

  /** The backlog is above the mark: whether the writer is committing, so holding an answer helps. */
  worthHolding(): boolean {
    const now = performance.now();
    this.overSince ??= now;
    return now - Math.max(this.lastCommitAt, this.overSince) < STALLED_AFTER_MS;
  }

  hold(answer: () => void): void {
    this.heldAnswers += 1;
    this.held.push(answer);
    if (!this.timer) {
      this.timer = setTimeout(() => this.releaseAll(), this.maxHoldMs);
      this.timer.unref();
    }
  }

  /** The writer committed; `caughtUp` when the backlog is back under the mark (the held answers go). */
  committed(caughtUp: boolean): void {
    this.lastCommitAt = performance.now();
    if (!caughtUp) return;
    this.overSince = null;
    this.releaseAll();
  }

  releaseAll(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.held.length === 0) return;
    const held = this.held;
    this.held = [];
    for (const answer of held) {
      try {
        this.release(answer);
      } catch (error) {
        this.log().error({ name: (error as Error)?.name }, 'answering a recorded request failed');
      }
    }
  }
}
