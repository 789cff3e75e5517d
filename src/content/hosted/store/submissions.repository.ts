import { sql, type Kysely, type Selectable } from 'kysely';
import type { Schema, SubmissionsTable } from '../../../db/schema.js';
import type { Answer, Submission, SubmissionKind } from '../content.types.js';

const toSubmission = (row: Selectable<SubmissionsTable>): Submission => ({
  id: row.id,
  accountId: row.account_id,
  contentId: row.content_id,
  kind: row.kind as SubmissionKind,
  answers: JSON.parse(row.answers) as Record<string, Answer>,
  createdAt: Number(row.created_at),
});

const DAY_MS = 86_400_000;

/** Replies sent through hosted content. Ids are UUIDv7, so id order is time order. */
export class SubmissionsRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async insert(submission: Submission, db: Kysely<Schema> = this.db): Promise<void> {
    const { id, kind, accountId: account_id, contentId: content_id, createdAt: created_at } = submission;
    const answers = JSON.stringify(submission.answers);
    await db.insertInto('submissions').values({ id, kind, account_id, content_id, answers, created_at }).execute();
  }

  /** The account's replies of a kind, newest first, optionally of one form or card. */
  async list(accountId: string, kind: SubmissionKind, limit: number, contentId?: string): Promise<Submission[]> {
    let query = this.db.selectFrom('submissions').selectAll().where('account_id', '=', accountId).where('kind', '=', kind);
    if (contentId !== undefined) query = query.where('content_id', '=', contentId);
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toSubmission);
  }

  /** Whether a reply of the account was deleted. */
  async delete(accountId: string, kind: SubmissionKind, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('submissions')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Deletes up to `chunk` replies older than their content's retention at `now`; the number deleted.
   * The oldest go first, so a run that stops early leaves only newer ones.
   */
  async purgeExpired(now: number, chunk: number): Promise<number> {
    const expired = await this.db
      .selectFrom('submissions')
      .innerJoin('contents', 'contents.id', 'submissions.content_id')
      .select('submissions.id')
      .where('contents.retention_days', 'is not', null)
      // Casts keep PostgreSQL in bigint: ten years of milliseconds overflow an integer.
      .where(sql<boolean>`submissions.created_at < cast(${now} as bigint) - cast(contents.retention_days as bigint) * ${DAY_MS}`)
      .orderBy('submissions.id')
      .limit(chunk)
      .execute();
    if (expired.length === 0) return 0;
    const result = await this.db
      .deleteFrom('submissions')
      .where(
        'id',
        'in',
        expired.map((r) => r.id),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
