import { useState } from 'preact/hooks';
import { ButtonLink } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/states';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useCodes, type Code, type CodesFilter } from '../api/get-codes';
import { useFolders, type Folder } from '../api/get-folders';
import { BulkBar } from './bulk-bar';
import { CodesFilters, type Filters } from './codes-filters';
import { StatusBadge } from './status-badge';
import '../codes.css';

const PAGE = 20;

/** The account's codes: search by name, filter by status and folder, a page at a time, several at once. */
export function CodesList() {
  const [filters, setFilters] = useState<Filters>({ name: '', status: '', folderId: '' });
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const filter: CodesFilter = {
    limit: PAGE,
    offset,
    ...(filters.name.trim() ? { name: filters.name.trim() } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.folderId ? { folderId: filters.folderId } : {}),
  };
  const codes = useCodes(filter);
  const folders = useFolders();
  const folderList = folders.data ?? [];
  const filtered = Boolean(filter.name || filter.status || filter.folderId);
  const turn = (next: number) => {
    setOffset(next);
    setSelected([]);
  };

  return (
    <section aria-labelledby="codes-heading">
      <h2 id="codes-heading" class="visually-hidden">
        All codes
      </h2>
      <CodesFilters
        filters={filters}
        folders={folderList}
        onChange={(next) => {
          setFilters(next);
          turn(0);
        }}
      />
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
              <div class="list-main">
                <a class="list-title" href={`/app/codes/${code.id}`}>
                  {code.name}
                </a>
                <span class="list-sub">{code.mode === 'dynamic' ? code.url : 'Static: ' + code.encode}</span>
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
