import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Page } from '../../../components/ui/page';
import { QueryView } from '../../../components/ui/query-view';
import { Notice } from '../../../components/ui/states';
import { downloadCsv } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { useContent, type Form } from '../api/content';
import { INBOX_LIMIT, useDeleteSubmission, useSubmissions, type Submission } from '../api/submissions';
import '../content.css';

type Answer = Submission['answers'][string];
const shown = (answer: Answer | undefined): string =>
  answer === undefined || answer === null ? '—' : answer === true ? 'Yes' : answer === false ? 'No' : String(answer);
const cell = (answer: Answer | undefined): string | number | null =>
  answer === undefined || answer === null ? null : typeof answer === 'boolean' ? (answer ? 'yes' : 'no') : answer;

/** The CSV export: one row a submission, one column a field (cells never read as formulas). */
export function exportCsv(form: Form, submissions: readonly Submission[]): void {
  const keys = [...form.fields.map((f) => f.key), ...new Set(submissions.flatMap((s) => Object.keys(s.answers)))].filter(
    (key, i, all) => all.indexOf(key) === i,
  );
  const label = (key: string) => form.fields.find((f) => f.key === key)?.label ?? key;
  downloadCsv(`${form.name}-submissions.csv`, [
    ['Submitted at', 'Id', ...keys.map(label)],
    ...submissions.map((s) => [s.createdAt, s.id, ...keys.map((key) => cell(s.answers[key]))]),
  ]);
}

function Inbox({ form }: { form: Form }) {
  const submissions = useSubmissions(form.id);
  const remove = useDeleteSubmission();
  const [deleting, setDeleting] = useState<Submission | null>(null);
  return (
    <Page title={`Submissions: ${form.name}`}>
      <p>
        <a href={`/app/forms/${form.id}`}>Back to the form</a>
      </p>
      <QueryView
        query={submissions}
        loading="Loading submissions…"
        empty={{ title: 'No submissions yet', text: 'Replies appear here, newest first, once visitors send the form.' }}
      >
        {(data) => (
          <>
            <div class="actions actions-start">
              <Button variant="secondary" onClick={() => exportCsv(form, data)}>
                Export CSV
              </Button>
            </div>
            {data.length === INBOX_LIMIT ? <Notice>The newest {INBOX_LIMIT} are shown.</Notice> : null}
            <ol class="inbox">
              {data.map((submission) => (
                <li key={submission.id} class="card inbox-item">
                  <h2 class="inbox-time">{formatDateTime(submission.createdAt)}</h2>
                  <dl class="answers">
                    {form.fields.map((field) => (
                      <div key={field.key}>
                        <dt>{field.label}</dt>
                        <dd>{shown(submission.answers[field.key])}</dd>
                      </div>
                    ))}
                  </dl>
                  <Button variant="ghost" onClick={() => setDeleting(submission)}>
                    Delete<span class="visually-hidden"> the submission of {formatDateTime(submission.createdAt)}</span>
                  </Button>
                </li>
              ))}
            </ol>
          </>
        )}
      </QueryView>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this submission?"
        confirmLabel="Delete the submission"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        <p>The answers sent {deleting ? formatDateTime(deleting.createdAt) : ''} are deleted for good.</p>
      </ConfirmDialog>
    </Page>
  );
}

/** A form's replies, newest first: read, delete one, export them all as CSV. */
export function SubmissionsInbox({ formId }: { formId: string }) {
  const form = useContent('forms', formId);
  return (
    <QueryView query={form} loading="Loading…">
      {(data) => <Inbox form={data} />}
    </QueryView>
  );
}
