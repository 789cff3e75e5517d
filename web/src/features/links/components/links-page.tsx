import { Form } from '../../../components/ui/form';
import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { TextField, UrlField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { CollectionPage } from '../../../components/ui/collection-page';
import { QueryView } from '../../../components/ui/query-view';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { formatCount, formatDateTime } from '../../../lib/format';
import { LINKS_PAGE, useCreateLink, useLinks, useRepointLink, type Link } from '../api/links';

function NewLinkForm() {
  const [url, setUrl] = useState('');
  const [shortCode, setShortCode] = useState('');
  const create = useCreateLink();
  const errors = formErrors(create.error, ['url', 'shortCode']);
  return (
    <Form
      error={errors.form}
      onSubmit={() => {
        create.mutate(
          { url: url.trim(), ...(shortCode.trim() ? { shortCode: shortCode.trim() } : {}) },
          {
            onSuccess: () => {
              setUrl('');
              setShortCode('');
            },
          },
        );
      }}
    >
      {create.data ? <Notice tone="success">Created {create.data.url}</Notice> : null}
      <div class="grid-2">
        <UrlField label="Destination" value={url} onInput={setUrl} error={errors.field.url} />
        <TextField
          label="Ending (optional)"
          maxLength={64}
          value={shortCode}
          onInput={setShortCode}
          error={errors.field.shortCode}
          hint="Left empty, qrelay picks a short one."
        />
      </div>
      <div class="actions">
        <Button type="submit" busy={create.isPending}>
          Create link
        </Button>
      </div>
    </Form>
  );
}

function LinkRow({ link, canWrite }: { link: Link; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const [url, setUrl] = useState(link.destination);
  const repoint = useRepointLink();
  const errors = formErrors(repoint.error, ['url']);
  return (
    <li class="list-item">
      <div class="list-main">
        <span class="list-title">
          <code>{link.url}</code>
        </span>
        <span class="list-sub">→ {link.destination}</span>
        {editing ? (
          <Form
            inline
            error={errors.form}
            onSubmit={() => repoint.mutate({ id: link.id, url: url.trim() }, { onSuccess: () => setEditing(false) })}
          >
            <UrlField label={`New destination of ${link.shortCode}`} value={url} onInput={setUrl} error={errors.field.url} />
            <div class="actions actions-start">
              <Button type="submit" busy={repoint.isPending}>
                Save
              </Button>
              <Button variant="secondary" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </Form>
        ) : null}
      </div>
      <div class="list-meta">
        <span class="muted">{formatCount(link.clicks, 'click', 'clicks')}</span>
        <span class="muted">Created {formatDateTime(link.createdAt)}</span>
        <CopyButton value={link.url} label="Copy address" />
        {canWrite && !editing ? (
          <Button variant="ghost" onClick={() => setEditing(true)}>
            Repoint<span class="visually-hidden"> {link.shortCode}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Short links without a symbol: create, list, repoint. The API offers no deletion of a link. */
export function LinksPage({ canWrite }: { canWrite: boolean }) {
  const [offset, setOffset] = useState(0);
  const links = useLinks(offset);
  return (
    <CollectionPage
      title="Links"
      id="links"
      create={canWrite ? { title: 'New link', form: <NewLinkForm /> } : null}
      listTitle="All links"
    >
      <QueryView
        query={links}
        loading="Loading links…"
        isEmpty={(data) => data.length === 0 && offset === 0}
        empty={{ title: 'No links yet', text: 'A short link sends visitors to a destination you can change at any time.' }}
      >
        {(data) => (
          <>
            <ul class="list">
              {data.map((link) => (
                <LinkRow key={link.id} link={link} canWrite={canWrite} />
              ))}
            </ul>
            <Pagination offset={offset} limit={LINKS_PAGE} count={data.length} onChange={setOffset} />
          </>
        )}
      </QueryView>
    </CollectionPage>
  );
}
