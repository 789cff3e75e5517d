import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField, UrlField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { QueryView } from '../../../components/ui/query-view';
import { ErrorMessage } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useRepointChanges, useRepoints, type Repoint, type Target } from '../api/lifecycle';
import { fromLocalInput } from '../api/local-time';

const STATUS: Record<Repoint['status'], string> = { pending: 'Scheduled', done: 'Done', cancelled: 'Cancelled' };

/** Future changes of destination: each takes effect within a minute of its time; a pending one can be cancelled. */
export function RepointsPanel({ target }: { target: Target }) {
  const repoints = useRepoints(target);
  const { add, cancel } = useRepointChanges(target);
  const [url, setUrl] = useState('');
  const [at, setAt] = useState('');
  const errors = formErrors(add.error, ['url', 'at']);
  return (
    <section class="card" aria-labelledby={`repoints-${target.id}`}>
      <h2 id={`repoints-${target.id}`}>Scheduled changes</h2>
      <QueryView
        query={repoints}
        loading="Loading scheduled changes…"
        empty={{ title: 'Nothing scheduled', text: 'Schedule a new destination below; it takes effect on its own.' }}
      >
        {(list) => (
          <ul class="repoints">
            {list.map((r) => (
              <li key={r.id}>
                <span class={`badge badge-${r.status === 'pending' ? 'active' : r.status === 'done' ? 'paused' : 'archived'}`}>
                  {STATUS[r.status]}
                </span>
                <span>{formatDateTime(r.at)}</span>
                <code>{r.url}</code>
                {r.status === 'pending' ? (
                  <Button
                    variant="ghost"
                    busy={cancel.isPending && cancel.variables === r.id}
                    onClick={() => cancel.mutate(r.id)}
                  >
                    Cancel<span class="visually-hidden"> the change of {formatDateTime(r.at)}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {cancel.error ? <ErrorMessage error={cancel.error} /> : null}
      <Form
        error={errors.form}
        onSubmit={() =>
          add.mutate(
            { url: url.trim(), at: fromLocalInput(at) ?? '' },
            {
              onSuccess: () => {
                setUrl('');
                setAt('');
              },
            },
          )
        }
      >
        <h3 class="form-title">Schedule a change</h3>
        <div class="grid-2">
          <UrlField label="New destination" value={url} onInput={setUrl} error={errors.field.url} />
          <TextField
            label="At"
            type="datetime-local"
            required
            value={at}
            onInput={setAt}
            error={errors.field.at}
            hint="In your time zone."
          />
        </div>
        <div class="actions">
          <Button type="submit" busy={add.isPending}>
            Schedule
          </Button>
        </div>
      </Form>
    </section>
  );
}
