import type { Tx, Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { NotFound } from '../../lib/errors.js';
import { foundById } from '../../lib/found.js';
import { isId, newId } from '../../lib/ids.js';
import { assertCan, assertOperatorOrSystem, type Person, type System } from '../../platform/index.js';
import type { ContentRepository } from './store/content.repository.js';
import type { Answer, Content, Submission, SubmissionKind } from './content.types.js';
import type { SubmissionsRepository } from './store/submissions.repository.js';

/**
 * Told of every stored reply, with the content it was sent through, inside its transaction (the
 * webhook outbox, the mail outbox), so everything commits together.
 */
export type SubmissionListener = (tx: Tx, submission: Submission, content: Content<unknown>) => Promise<void>;

const KIND_OF: Record<SubmissionKind, 'form' | 'card'> = { submission: 'form', enquiry: 'card' };

/** Rows a retention run deletes per statement. */
const PURGE_CHUNK = 5000;

/**
 * Replies sent through hosted content: form submissions (read with forms:read) and card enquiries
 * (cards:read). They hold customers' own details, so they are never logged, can be deleted one by
 * one, and go when their content's retention runs out.
 */
export class SubmissionsService {
  private readonly listeners: SubmissionListener[] = [];

  constructor(
    private readonly deps: {
      submissions: SubmissionsRepository;
      contents: ContentRepository;
      transactor: Transactor;
      clock: Clock;
    },
  ) {}

  onStored(listener: SubmissionListener): void {
    this.listeners.push(listener);
  }

  /** The account's replies of a kind, newest first; with `contentId`, of that form or card only (404 if not the account's). */
  async list(actor: Person, kind: SubmissionKind, query: { limit: number; contentId?: string }): Promise<Submission[]> {
    assertCan(actor, 'content:read');
    if (query.contentId !== undefined) {
      await foundById(KIND_OF[kind], query.contentId, (id) =>
        this.deps.contents.findInAccount(actor.accountId, KIND_OF[kind], id),
      );
    }
    return this.deps.submissions.list(actor.accountId, kind, query.limit, query.contentId);
  }

  async delete(actor: Person, kind: SubmissionKind, id: string): Promise<void> {
    assertCan(actor, 'content:write');
    const deleted = isId(id) && (await this.deps.submissions.delete(actor.accountId, kind, id));
    if (!deleted) throw new NotFound(kind);
  }

  /** Stores a visitor's checked answers to published content: the system records them, no person acts. */
  async store(
    actor: System,
    content: Content<unknown>,
    kind: SubmissionKind,
    answers: Record<string, Answer>,
  ): Promise<Submission> {
    assertOperatorOrSystem(actor);
    const submission: Submission = {
      id: newId(),
      accountId: content.accountId,
      contentId: content.id,
      kind,
      answers,
      createdAt: this.deps.clock.now(),
    };
    await this.deps.transactor.run(async (tx) => {
      await this.deps.submissions.insert(submission, tx);
      for (const listener of this.listeners) await listener(tx, submission, content);
    });
    return submission;
  }

  /** Deletes every reply past its content's retention (the system's job); the number deleted. */
  async purgeExpired(actor: System): Promise<number> {
    assertOperatorOrSystem(actor);
    const now = this.deps.clock.now();
    let total = 0;
    for (let i = 0; i < 100; i += 1) {
      const removed = await this.deps.submissions.purgeExpired(now, PURGE_CHUNK);
      total += removed;
      if (removed < PURGE_CHUNK) break;
    }
    return total;
  }
}
