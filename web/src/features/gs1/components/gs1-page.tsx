import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { CollectionPage } from '../../../components/ui/collection-page';
import { CopyButton } from '../../../components/ui/copy-button';
import { Pagination } from '../../../components/ui/pagination';
import { QueryView } from '../../../components/ui/query-view';
import { formatDateTime } from '../../../lib/format';
import { GS1_PAGE, useGs1List, useRegisterGs1, type Gs1Entry } from '../api/gs1';
import { Gs1Form } from './gs1-form';
import '../gs1.css';

function RegisterKey() {
  const register = useRegisterGs1();
  const { route } = useLocation();
  return (
    <Gs1Form
      busy={register.isPending}
      error={register.error}
      submitLabel="Register key"
      onSubmit={(body) => register.mutate(body, { onSuccess: (entry) => route(`/app/gs1/${entry.id}`) })}
    />
  );
}

function KeyRow({ entry }: { entry: Gs1Entry }) {
  const fallback = entry.links.find((l) => l.default);
  return (
    <li class="list-item">
      <div class="list-main">
        <a class="list-title" href={`/app/gs1/${entry.id}`}>
          <code>{entry.key}</code>
        </a>
        <span class="list-sub">
          {entry.links.length} {entry.links.length === 1 ? 'link' : 'links'}
          {fallback ? ` · default → ${fallback.href}` : ''}
        </span>
      </div>
      <div class="list-meta">
        <span class="muted">Updated {formatDateTime(entry.updatedAt)}</span>
        <CopyButton value={entry.url} label="Copy Digital Link" />
      </div>
    </li>
  );
}

/** The account's GS1 keys: register one with its links, list them. */
export function Gs1Page({ canWrite }: { canWrite: boolean }) {
  const [offset, setOffset] = useState(0);
  const keys = useGs1List(offset);
  return (
    <CollectionPage
      title="GS1 Digital Link"
      id="gs1"
      create={canWrite ? { title: 'Register a key', form: <RegisterKey /> } : null}
      listTitle="Registered keys"
    >
      <QueryView
        query={keys}
        loading="Loading keys…"
        isEmpty={(data) => data.length === 0 && offset === 0}
        empty={{
          title: 'No GS1 keys yet',
          text: 'Register a GTIN and its links; the QR code on the pack then sends each shopper to the right page.',
        }}
      >
        {(data) => (
          <>
            <ul class="list">
              {data.map((entry) => (
                <KeyRow key={entry.id} entry={entry} />
              ))}
            </ul>
            <Pagination offset={offset} limit={GS1_PAGE} count={data.length} onChange={setOffset} />
          </>
        )}
      </QueryView>
    </CollectionPage>
  );
}
