import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { Button, ButtonLink } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Page } from '../../../components/ui/page';
import { QueryView } from '../../../components/ui/query-view';
import { Section } from '../../../components/ui/section';
import { Notice } from '../../../components/ui/states';
import { useDeleteGs1, useGs1Entry, useUpdateGs1Links, type Gs1Entry } from '../api/gs1';
import { Gs1Form } from './gs1-form';
import { Gs1Symbol } from './gs1-symbol';
import '../gs1.css';

function LinksList({ entry }: { entry: Gs1Entry }) {
  return (
    <ul class="list" aria-label="What the key resolves to">
      {entry.links.map((link) => (
        <li key={`${link.linkType} ${link.href} ${link.lang} ${link.type}`} class="list-item">
          <div class="list-main">
            <span class="list-title">
              {link.title} <span class="muted">({link.linkType})</span>
              {link.default ? <span class="badge badge-active gs1-default">default</span> : null}
            </span>
            <span class="list-sub gs1-href">{link.href}</span>
            <span class="muted">
              Language: {link.lang ?? 'any'} · Media type: {link.type ?? 'any'}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function EditLinks({ entry, onDone }: { entry: Gs1Entry; onDone: () => void }) {
  const update = useUpdateGs1Links(entry.id);
  return (
    <Gs1Form
      entry={entry}
      busy={update.isPending}
      error={update.error}
      submitLabel="Save links"
      onSubmit={({ links }) => update.mutate(links, { onSuccess: onDone })}
      onCancel={onDone}
    />
  );
}

function DeleteKey({ entry }: { entry: Gs1Entry }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteGs1();
  const { route } = useLocation();
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete key
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${entry.key}?`}
        confirmLabel="Delete key"
        busy={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate(entry.id, { onSuccess: () => route('/app/gs1') })}
      >
        <p>Its Digital Link stops resolving at once: printed symbols answer “not found” until the key is registered again.</p>
        {remove.isError ? <Notice tone="error">{remove.error.message}</Notice> : null}
      </ConfirmDialog>
    </>
  );
}

/** One GS1 key: its Digital Link URI and QR symbol with exports, its links, editing and deleting. */
export function Gs1Detail({ id, canWrite }: { id: string; canWrite: boolean }) {
  const entry = useGs1Entry(id);
  const [editing, setEditing] = useState(false);
  return (
    <QueryView query={entry} loading="Loading the key…">
      {(data) => (
        <Page
          title={`GS1 key ${data.key}`}
          actions={
            <ButtonLink href="/app/gs1" variant="secondary">
              All keys
            </ButtonLink>
          }
        >
          <div class="gs1-detail">
            <Section id="gs1-symbol" title="Digital Link" card>
              <p class="gs1-uri">
                <a href={data.url}>{data.url}</a>
              </p>
              <div class="actions actions-start">
                <CopyButton value={data.url} label="Copy Digital Link" />
              </div>
              <Gs1Symbol uri={data.url} name={data.key} />
            </Section>
            <Section id="gs1-links" title="Links">
              {editing ? <EditLinks entry={data} onDone={() => setEditing(false)} /> : <LinksList entry={data} />}
              {canWrite && !editing ? (
                <div class="actions actions-start">
                  <Button onClick={() => setEditing(true)}>Edit links</Button>
                  <DeleteKey entry={data} />
                </div>
              ) : null}
            </Section>
          </div>
        </Page>
      )}
    </QueryView>
  );
}
