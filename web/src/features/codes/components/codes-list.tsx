import { useState } from 'preact/hooks';
import { ButtonLink } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/states';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useCodes, type CodesFilter } from '../api/get-codes';
import { StatusBadge } from './status-badge';

const PAGE = 20;

/** The account's codes: search by name, filter by status, a page at a time. */
export function CodesList() {
  const [name, setName] = useState('');
  const [status, setStatus] = useState<CodesFilter['status'] | ''>('');
  const [offset, setOffset] = useState(0);
  const filter: CodesFilter = {
    limit: PAGE,
    offset,
    ...(name.trim() ? { name: name.trim() } : {}),
    ...(status ? { status } : {}),
  };
  const codes = useCodes(filter);
  const filtered = Boolean(filter.name || filter.status);

  return (
    <section aria-labelledby="codes-heading">
      <h2 id="codes-heading" class="visually-hidden">
        All codes
      </h2>
      <form class="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div class="field">
          <label for="codes-search">Search by name</label>
          <input
            id="codes-search"
            type="search"
            value={name}
            onInput={(e) => {
              setName(e.currentTarget.value);
              setOffset(0);
            }}
          />
        </div>
        <div class="field">
          <label for="codes-status">Status</label>
          <select
            id="codes-status"
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as CodesFilter['status'] | '');
              setOffset(0);
            }}
          >
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="paused">Paused</option>
            <option value="archived">Archived</option>
          </select>
        </div>
      </form>
      {codes.isPending ? (
        <Loading label="Loading codes…" />
      ) : codes.isError ? (
        <ErrorMessage error={codes.error} retry={() => void codes.refetch()} />
      ) : codes.data.length === 0 && offset === 0 ? (
        filtered ? (
          <Empty title="No code matches">Try another name or status.</Empty>
        ) : (
          <Empty title="No codes yet">
            <p>A code sends whoever scans it to a destination you can change at any time.</p>
            <ButtonLink href="/app/codes/new">Create your first code</ButtonLink>
          </Empty>
        )
      ) : (
        <>
          <ul class="list" aria-busy={codes.isFetching || undefined}>
            {codes.data.map((code) => (
              <li key={code.id} class="list-item">
                <div class="list-main">
                  <a class="list-title" href={`/app/codes/${code.id}`}>
                    {code.name}
                  </a>
                  <span class="list-sub">{code.mode === 'dynamic' ? code.url : 'Static: ' + code.encode}</span>
                </div>
                <div class="list-meta">
                  <StatusBadge status={code.status} />
                  <span>{formatNumber(code.scans)} scans</span>
                  <span class="muted">Created {formatDateTime(code.createdAt)}</span>
                </div>
              </li>
            ))}
          </ul>
          <Pagination offset={offset} limit={PAGE} count={codes.data.length} onChange={setOffset} />
        </>
      )}
    </section>
  );
}
