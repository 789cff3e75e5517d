import { useState } from 'preact/hooks';
import { useAddressState } from '../../../lib/use-address-state';
import { ButtonLink } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/states';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useCodes, type Code, type CodesFilter } from '../api/get-codes';
import { useFolders, type Folder } from '../api/get-folders';
import { BulkBar } from './bulk-bar';
import { CodesFilters, FILTERS_AT_START, type Filters } from './codes-filters';
import { StatusBadge } from './status-badge';
import '../codes.css';

const PAGE = 20;

/**
 * The account's codes: search by name, filter by status and folder, sort, a page at a time, several at
 * once. The search, filters, order and page live in the address, so a reload or a shared link keeps them.
 */
export function CodesList() {
  const [view, setView] = useAddressState({ ...FILTERS_AT_START, page: '1' });
  const filters = view as unknown as Filters;
  const offset = (Math.max(1, Number.parseInt(view.page, 10) || 1) - 1) * PAGE;
  const [selected, setSelected] = useState<string[]>([]);
  const filter: CodesFilter = {
    limit: PAGE,
    offset,
    sort: filters.sort,
    ...(filters.q.trim() ? { name: filters.q.trim() } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.folder ? { folderId: filters.folder } : {}),
  };
  const codes = useCodes(filter);
  const folders = useFolders();
  const folderList = folders.data ?? [];
  const filtered = Boolean(filter.name || filter.status || filter.folderId);
  const turn = (next: number, changes: Partial<Filters> = {}) => {
    setView({ ...changes, page: String(next / PAGE + 1) });
    setSelected([]);
  };

  return (
    <section aria-labelledby="codes-heading">
      <h2 id="codes-heading" class="visually-hidden">
        All codes
      </h2>
      <CodesFilters filters={filters} folders={folderList} onChange={(next) => turn(0, next)} />
      {codes.isPending ? (
        <Loading label="Loading codes…" />
      ) : codes.isError ? (
        <ErrorMessage error={codes.error} retry={() => void codes.refetch()} />
      ) : codes.data.length === 0 && offset === 0 ? (
        filtered ? (
          <Empty title="No code matches">Try another name, status or folder.</Empty>
        ) : (
          <Empty title="No codes yet">
            <p>A code sends whoever scans it to a destination you can change at any time.</p>
            <ButtonLink href="/app/codes/new">Create your first code</ButtonLink>
          </Empty>
        )
      ) : (
        <>
          <BulkBar ids={selected} folders={folderList} onDone={() => setSelected([])} />
          <CodeRows codes={codes.data} folders={folderList} selected={selected} onSelect={setSelected} busy={codes.isFetching} />
          <Pagination offset={offset} limit={PAGE} count={codes.data.length} onChange={turn} />
        </>
      )}
    </section>
  );
}

function CodeRows({
  codes,
  folders,
  selected,
  onSelect,
  busy,
}: {
  codes: Code[];
  folders: Folder[];
  selected: string[];
  onSelect: (ids: string[]) => void;
  busy: boolean;
}) {
  const all = codes.length > 0 && codes.every((c) => selected.includes(c.id));
  const folderName = (id: string | null) => folders.find((f) => f.id === id)?.name;
  return (
    <>
      <label class="choice select-all">
        <input type="checkbox" checked={all} onChange={() => onSelect(all ? [] : codes.map((c) => c.id))} />
        <span>Select all on this page</span>
      </label>
      <ul class="list" aria-busy={busy || undefined}>
        {codes.map((code) => {
          const checked = selected.includes(code.id);
          const folder = folderName(code.folderId);
          return (
            <li key={code.id} class={`list-item list-item-select${checked ? ' is-selected' : ''}`}>
              <input
                type="checkbox"
                aria-label={`Select ${code.name}`}
                checked={checked}
                onChange={() => onSelect(checked ? selected.filter((id) => id !== code.id) : [...selected, code.id])}
              />
              <img
                class="list-thumb"
                src={`/app/api/v1/codes/${code.id}/image?format=svg&size=96`}
                alt=""
                width={48}
                height={48}
                loading="lazy"
              />
              <div class="list-main">
                <a class="list-title" href={`/app/codes/${code.id}`}>
                  {code.name}
                </a>
                <span class="list-sub">{code.mode === 'dynamic' ? code.url : 'Static code'}</span>
              </div>
              <div class="list-destination">
                <span class="visually-hidden">Destination: </span>
                {code.destination}
              </div>
              <div class="list-meta">
                <StatusBadge status={code.status} />
                {folder ? <span class="badge">{folder}</span> : null}
                <span>{formatCount(code.scans, 'scan', 'scans')}</span>
                <span class="muted">Created {formatDateTime(code.createdAt)}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
