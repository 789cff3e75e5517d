import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading, Notice } from '../../../components/ui/states';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { formErrors } from '../../../lib/form-errors';
import { useCode } from '../api/get-code';
import type { Code } from '../api/get-codes';
import { useUpdateCode } from '../api/update-code';
import { CodeNameField, DestinationField } from './code-fields';
import { StatusBadge } from './status-badge';

/** One code: its address, its figures, and what can be changed about it. */
export function CodeDetail({ id }: { id: string }) {
  const code = useCode(id);
  if (code.isPending)
    return (
      <Page title="Code">
        <Loading label="Loading the code…" />
      </Page>
    );
  if (code.isError)
    return (
      <Page title="Code">
        <ErrorMessage error={code.error} retry={() => void code.refetch()} />
      </Page>
    );
  return (
    <Page title={code.data.name} actions={<a href="/app/codes">All codes</a>}>
      <CodeView code={code.data} />
    </Page>
  );
}

function CodeView({ code }: { code: Code }) {
  const archived = code.status === 'archived';
  return (
    <div class="stack">
      <div class="grid-2">
        <section class="card" aria-labelledby="address-heading">
          <h2 id="address-heading">{code.mode === 'dynamic' ? 'Short address' : 'Encoded value'}</h2>
          <p class="address">
            <code>{code.encode}</code>
          </p>
          <div class="actions actions-start">
            <CopyButton value={code.encode} label="Copy address" />
            {code.mode === 'dynamic' ? (
              <a class="btn btn-ghost btn-small" href={code.encode} target="_blank" rel="noopener noreferrer">
                Open<span class="visually-hidden"> the short address in a new tab</span>
              </a>
            ) : null}
          </div>
          <dl class="facts">
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={code.status} />
              </dd>
            </div>
            <div>
              <dt>Kind</dt>
              <dd>{code.mode === 'dynamic' ? 'Dynamic' : 'Static'}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatDateTime(code.createdAt)}</dd>
            </div>
            <div>
              <dt>Changed</dt>
              <dd>{formatDateTime(code.updatedAt)}</dd>
            </div>
          </dl>
        </section>
        <section class="card" aria-labelledby="scans-heading">
          <h2 id="scans-heading">Scans</h2>
          <p class="figure">{formatNumber(code.scans)}</p>
          <p class="muted">
            {code.mode === 'dynamic'
              ? 'Every counted scan since the code was made; robots and previews are left out.'
              : 'Static codes are not counted: the symbol holds the destination itself.'}
          </p>
        </section>
      </div>
      {archived ? (
        <Notice>This code is archived: people who scan it see a page saying it is no longer active. It cannot be changed.</Notice>
      ) : (
        <>
          <EditCode code={code} />
          <CodeActions code={code} />
        </>
      )}
    </div>
  );
}

function EditCode({ code }: { code: Code }) {
  const [name, setName] = useState(code.name);
  const [url, setUrl] = useState(code.destination ?? '');
  const { update } = useUpdateCode(code.id);
  const errors = formErrors(update.error, ['name', 'url']);
  const changes = {
    ...(name !== code.name ? { name } : {}),
    ...(code.mode === 'dynamic' && url !== code.destination ? { url } : {}),
  };
  return (
    <section class="card" aria-labelledby="edit-heading">
      <h2 id="edit-heading">Name and destination</h2>
      <form
        class="form"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(changes);
        }}
      >
        {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        {update.isSuccess && Object.keys(changes).length === 0 ? (
          <Notice tone="success">Saved. The next scan follows the new destination.</Notice>
        ) : null}
        <CodeNameField value={name} onInput={setName} error={errors.field.name} />
        {code.mode === 'dynamic' ? (
          <DestinationField
            value={url}
            onInput={setUrl}
            error={errors.field.url}
            hint="Changing it repoints every printed copy at once."
          />
        ) : (
          <p class="muted">A static code's destination is part of the symbol and cannot change.</p>
        )}
        <div class="actions">
          <Button type="submit" busy={update.isPending} disabled={Object.keys(changes).length === 0}>
            Save changes
          </Button>
        </div>
      </form>
    </section>
  );
}

function CodeActions({ code }: { code: Code }) {
  const { update, archive } = useUpdateCode(code.id);
  const [confirming, setConfirming] = useState(false);
  const paused = code.status === 'paused';
  const failure = update.error ?? archive.error;
  return (
    <section class="card" aria-labelledby="state-heading">
      <h2 id="state-heading">Pause or archive</h2>
      {failure ? <ErrorMessage error={failure} /> : null}
      {code.mode === 'dynamic' ? (
        <p class="muted">
          {paused
            ? 'Paused: scans show a "temporarily paused" page instead of forwarding.'
            : 'Pausing shows a "temporarily paused" page instead of forwarding, until you resume.'}
        </p>
      ) : null}
      <div class="actions actions-start">
        {code.mode === 'dynamic' ? (
          <Button
            variant="secondary"
            busy={update.isPending}
            onClick={() => update.mutate({ status: paused ? 'active' : 'paused' })}
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
        ) : null}
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Archive…
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Archive "${code.name}"?`}
        confirmLabel="Archive the code"
        busy={archive.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => archive.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        <p>
          People who scan it will see a page saying it is no longer active, and it stops counting scans. Archiving cannot be
          undone; its figures stay.
        </p>
      </ConfirmDialog>
    </section>
  );
}
