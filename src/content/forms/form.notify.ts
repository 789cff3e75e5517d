import type { Tx } from '../../db/transaction.js';
import type { Content } from '../hosted/content.types.js';
import type { SubmissionListener } from '../hosted/submissions.service.js';
import type { MailMessage, MailService } from '../../platform/index.js';
import type { User } from '../../identity/index.js';
import type { FormDocument } from './form.document.js';

/** The mail telling one person of a new submission: where to read it, never the answers. */
export function submissionMail(person: User, form: Content<FormDocument>, publicUrl: string): MailMessage {
  return {
    accountId: form.accountId,
    kind: 'form_submission',
    to: person.email,
    subject: `New submission to "${form.name}"`,
    text: [
      `Somebody has sent the form "${form.name}".`,
      '',
      'Read it in the dashboard (answers are never sent by e-mail):',
      `${publicUrl}/app/forms/${form.id}/submissions`,
      '',
      "You receive this because you are among the people told of this form's submissions;",
      "change that in the form's settings.",
    ].join('\n'),
  };
}

/**
 * Queues one mail per active person a form names in `notifyUserIds`, in the submission's own
 * transaction: the mail exists exactly when the submission does. Card enquiries are not mailed.
 */
export function submissionNotifier(deps: {
  activeAmong: (accountId: string, ids: readonly string[], tx: Tx) => Promise<User[]>;
  mail: MailService;
  publicUrl: string;
}): SubmissionListener {
  return async (tx, submission, content) => {
    if (submission.kind !== 'submission') return;
    const form = content as Content<FormDocument>;
    const ids = form.document.notifyUserIds ?? [];
    if (ids.length === 0) return;
    for (const person of await deps.activeAmong(form.accountId, ids, tx))
      await deps.mail.enqueue(submissionMail(person, form, deps.publicUrl), tx);
  };
}
