import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import type { Transactor } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import type { AccountsRepository } from '../identity/accounts.repository.js';
import type { AnalyticsRepository } from '../traffic/analytics/analytics.repository.js';
import { ContentAnalyticsService } from '../traffic/analytics/content-analytics.service.js';
import { cardSpec } from '../content/cards/card.document.js';
import type { ContentRepository } from '../content/hosted/content.repository.js';
import { ContentService } from '../content/hosted/content.service.js';
import { PublicContentService } from '../content/hosted/public-content.service.js';
import { publicSubmission } from '../content/hosted/submissions.public.js';
import { SubmissionsRepository } from '../content/hosted/submissions.repository.js';
import { SubmissionsService } from '../content/hosted/submissions.service.js';
import { formSpec } from '../content/forms/form.document.js';
import { submissionNotifier } from '../content/forms/form.notify.js';
import type { MailService } from '../platform/mail/mail.service.js';
import type { MediaService } from '../content/media/media.service.js';
import { pageSpec } from '../content/pages/page.document.js';
import type { HitRecorder } from '../platform/recording/hit-recorder.js';
import { UsersRepository } from '../identity/users.repository.js';
import type { WebhooksService } from '../delivery/webhooks/webhooks.service.js';
import type { OutgoingEvent } from '../delivery/webhooks/webhooks.types.js';
import type { Services } from '../services.js';

/** What `buildContent` needs: the store and the shared parts the composition root made first. */
export interface ContentParts {
  db: Kysely<Schema>;
  transactor: Transactor;
  clock: Clock;
  publicUrl: string;
  contents: ContentRepository;
  accounts: AccountsRepository;
  media: MediaService;
  webhooks: WebhooksService;
  analytics: AnalyticsRepository;
  /** Where the public pages record their views. */
  recorder: HitRecorder;
  /** The outbox that tells a form's chosen people of each submission. */
  mail: MailService;
}

/** Hosted content: forms, pages and cards, the replies sent through them, their public pages and analytics. */
export function buildContent(
  parts: ContentParts,
): Pick<Services, 'forms' | 'pages' | 'cards' | 'submissions' | 'contentAnalytics' | 'publicContent'> {
  const { db, transactor: tx, clock, publicUrl, contents: contentsRepo, accounts: accountsRepo, media, webhooks } = parts;
  const submissions = new SubmissionsService({
    submissions: new SubmissionsRepository(db),
    contents: contentsRepo,
    transactor: tx,
    clock,
  });
  // A stored submission is delivered to subscribed webhooks from the same transaction (ADR 0091).
  submissions.onStored(async (trx, submission) => {
    if (submission.kind !== 'submission') return;
    const event: OutgoingEvent = {
      id: submission.id,
      accountId: submission.accountId,
      type: 'form_submission',
      occurredAt: submission.createdAt,
      data: { ...publicSubmission(submission) },
    };
    await webhooks.enqueue(trx, [event], (e) => e);
  });
  const users = new UsersRepository(db);
  // The people a form names are told of each submission by mail, queued in the same transaction (ADR 0094).
  submissions.onStored(
    submissionNotifier({
      activeAmong: (accountId, ids, trx) => users.activeAmong(accountId, ids, trx),
      mail: parts.mail,
      publicUrl,
    }),
  );
  const contentDeps = {
    contents: contentsRepo,
    accounts: accountsRepo,
    clock,
    media: (accountId: string, ids: readonly string[]) => media.paths(accountId, ids),
    members: async (accountId: string, ids: readonly string[]) =>
      new Set((await users.activeAmong(accountId, ids)).map((user) => user.id)),
  };
  return {
    forms: new ContentService(formSpec, contentDeps),
    pages: new ContentService(pageSpec, contentDeps),
    cards: new ContentService(cardSpec, contentDeps),
    submissions,
    contentAnalytics: new ContentAnalyticsService({ events: parts.analytics, contents: contentsRepo, clock }),
    publicContent: new PublicContentService({ ...contentDeps, submissions, recorder: parts.recorder, publicUrl }),
  };
}
