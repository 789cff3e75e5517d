import type { TArray, TObject } from '@sinclair/typebox';
import type { Submission, SubmissionKind } from '../../content/index.js';
import type { Scope } from '../../platform/index.js';
import { DeletedResponse } from '../api/v1/content/schema.js';
import * as schema from '../api/v1/submissions/schema.js';
import type { Presenters } from '../presenters.js';
import { IdParams } from '../schemas.js';
import { operation, type Operation } from './operation.js';

/** Replies of one kind: their path, names, the content they come through and its filter. */
interface Replies {
  path: 'submissions' | 'enquiries';
  kind: SubmissionKind;
  /** The REST ids' noun, singular and plural. */
  noun: ['Submission', 'Submissions'] | ['Enquiry', 'Enquiries'];
  /** The content's kind, whose scopes guard its replies. */
  of: 'forms' | 'cards';
  filter: 'formId' | 'cardId';
  query: TObject;
  list: TObject<{ data: TArray }>;
  summary: string;
  description: string;
  addedInV1?: true;
  present(present: Presenters): (reply: Submission) => unknown;
}

/**
 * Replies sent through hosted content, read with the content's read scope and deleted with its write
 * scope. They hold customers' own details: never logged, deleted on request.
 */
function repliesOperations(replies: Replies): Operation[] {
  const { path, kind, noun, filter } = replies;
  return [
    operation({
      id: `list${noun[1]}`,
      tool: `${path}_list`,
      summary: replies.summary,
      addedInV1: replies.addedInV1,
      description: `${replies.description} Automated traffic never produces one. A \`${filter}\` of another account is not_found (404).`,
      tag: path,
      scope: `${replies.of}:read` as Scope,
      kind: 'read',
      http: `GET /${path}`,
      querystring: replies.query,
      output: replies.list,
      errors: [404],
      run: async (actor, input, { services, present }) => {
        const { limit, [filter]: contentId } = input as { limit: number } & Partial<Record<typeof filter, string>>;
        return (await services.content.submissions.list(actor, kind, { limit, contentId })).map(replies.present(present));
      },
    }),
    operation({
      id: `delete${noun[0]}`,
      summary: `Delete one ${noun[0].toLowerCase()}`,
      addedInV1: true,
      description: 'For a customer who asks for their details to be removed. This cannot be undone.',
      tag: path,
      scope: `${replies.of}:write` as Scope,
      kind: 'remove',
      http: `DELETE /${path}/:id`,
      params: IdParams,
      output: DeletedResponse,
      run: (actor, { id }, { services }) => services.content.submissions.delete(actor, kind, id),
    }),
  ];
}

/** Form submissions: /api/v1/submissions and the submissions_list tool. */
export const SUBMISSIONS = repliesOperations({
  path: 'submissions',
  kind: 'submission',
  noun: ['Submission', 'Submissions'],
  of: 'forms',
  filter: 'formId',
  query: schema.SubmissionsQuery,
  list: schema.SubmissionListResponse,
  summary: 'Form submissions with their answers, newest first',
  description:
    "Lists form submissions newest first (limit 1-100, default 50), optionally of one form (formId), each with its answers keyed by field key. They hold customers' own details.",
  present: (present) => present.submission,
});

/** Enquiries sent through card pages: /api/v1/enquiries and the enquiries_list tool. */
export const ENQUIRIES = repliesOperations({
  path: 'enquiries',
  kind: 'enquiry',
  noun: ['Enquiry', 'Enquiries'],
  of: 'cards',
  filter: 'cardId',
  query: schema.EnquiriesQuery,
  list: schema.EnquiryListResponse,
  summary: 'Enquiries sent through card pages, newest first',
  addedInV1: true,
  description:
    'Lists the messages sent through card pages newest first (limit 1-100, default 50), optionally of one card (cardId).',
  present: (present) => present.enquiry,
});
