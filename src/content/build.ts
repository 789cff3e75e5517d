import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { Catalog, ContentAddress } from '../catalog/index.js';
import type { Delivery, OutgoingEvent } from '../delivery/index.js';
import type { Identity } from '../identity/index.js';
import type { HitRecorder, Platform } from '../platform/index.js';
import { cardSpec, type CardDocument, type CardInput } from './cards/card.document.js';
import { FormChallenges } from './forms/form.challenge.js';
import { formSpec, type FormDocument, type FormInput } from './forms/form.document.js';
import { submissionNotifier } from './forms/form.notify.js';
import { contentAddresses } from './hosted/content.address.js';
import type { ContentLookup } from './hosted/content-lookup.js';
import { ContentRepository } from './hosted/store/content.repository.js';
import { ContentService } from './hosted/content.service.js';
import { PublicContentService } from './hosted/public-content.service.js';
import { publicSubmission } from './hosted/submissions.public.js';
import { SubmissionsRepository } from './hosted/store/submissions.repository.js';
import { SubmissionsService } from './hosted/submissions.service.js';
import { pageSpec, type PageDocument, type PageInput } from './pages/page.document.js';

/** Forms, pages and cards, the replies sent through them, and their public pages. */
export interface HostedContent {
  forms: ContentService<FormDocument, FormInput>;
  pages: ContentService<PageDocument, PageInput>;
  cards: ContentService<CardDocument, CardInput>;
  /** Form submissions and card enquiries. */
  submissions: SubmissionsService;
  /** The public pages of forms, pages and cards (the system acts). */
  publicContent: PublicContentService;
  /** The proof-of-work challenges of public forms that ask for one. */
  formChallenges: FormChallenges;
  /** What other contexts read of hosted content. */
  contentLookup: ContentLookup;
}

/** The public address of an account's form, page or card, read from the store: what codes that point at one encode. */
export const contentAddressesIn = (db: Database['db'], publicUrl: string): ContentAddress =>
  contentAddresses(new ContentRepository(db), publicUrl);

export interface ContentParts {
  db: Database['db'];
  config: Pick<Config, 'publicUrl' | 'challengeKey'>;
  /** Where the public pages record their views. */
  recorder: HitRecorder;
}

export function buildContent(
  platform: Platform,
  identity: Pick<Identity, 'accountLookup' | 'activeAmong'>,
  delivery: Pick<Delivery, 'webhooks'>,
  catalog: Pick<Catalog, 'media'>,
  parts: ContentParts,
): HostedContent {
  const { db, config } = parts;
  const { transactor, clock, mail } = platform;
  const { publicUrl } = config;
  const contents = new ContentRepository(db);
  const submissions = new SubmissionsService({ submissions: new SubmissionsRepository(db), contents, transactor, clock });
  // A stored submission is delivered to subscribed webhooks from the same transaction.
  submissions.onStored(async (trx, submission) => {
    if (submission.kind !== 'submission') return;
    const event: OutgoingEvent = {
      id: submission.id,
      accountId: submission.accountId,
      type: 'form_submission',
      occurredAt: submission.createdAt,
      data: { ...publicSubmission(submission) },
    };
    await delivery.webhooks.enqueue(trx, [event], (e) => e);
  });
  // The people a form names are told of each submission by mail, queued in the same transaction.
  submissions.onStored(submissionNotifier({ activeAmong: identity.activeAmong, mail, publicUrl }));
  const contentDeps = {
    contents,
    accounts: identity.accountLookup,
    clock,
    media: (accountId: string, ids: readonly string[]) => catalog.media.paths(accountId, ids),
    members: async (accountId: string, ids: readonly string[]) =>
      new Set((await identity.activeAmong(accountId, ids)).map((user) => user.id)),
  };
  return {
    forms: new ContentService(formSpec, contentDeps),
    pages: new ContentService(pageSpec, contentDeps),
    cards: new ContentService(cardSpec, contentDeps),
    submissions,
    publicContent: new PublicContentService({ ...contentDeps, submissions, recorder: parts.recorder, publicUrl }),
    formChallenges: new FormChallenges({ key: config.challengeKey, counters: platform.counters, clock }),
    contentLookup: contents,
  };
}
