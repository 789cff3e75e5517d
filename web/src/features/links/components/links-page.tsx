import { useLocation } from 'preact-iso';
import { CollectionPage } from '../../../components/ui/collection-page';
import { CopyButton } from '../../../components/ui/copy-button';
import { Pagination } from '../../../components/ui/pagination';
import { named, SelectField } from '../../../components/ui/select-field';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import { useDebounced } from '../../../lib/use-debounced';
import { LINKS_PAGE, linkTitle, useLinkFolders, useLinks, type Link, type LinksFilter, type LinkStatus } from '../api/links';
import { NewLinkForm } from './new-link-form';
import { LinkStatusBadge } from './status-badge';
import '../links.css';

const STATUSES = [
  ['active', 'Active'],
  ['paused', 'Paused'],
  ['archived', 'Archived'],
] as const;
const SEARCH_WAIT_MS = 250;

/** Search and filters live in the address (`q`, `status`, `folder`, `from`), so a filtered list can be shared and reloaded. */
function useAddressFilters() {
  const { path, query, route } = useLocation();
  const status: LinkStatus | '' = STATUSES.some(([s]) => s === query.status) ? (query.status as LinkStatus) : '';
  const filters = { q: query.q ?? '', status, folder: query.folder ?? '', offset: Math.max(0, Number(query.from) || 0) };
  const set = (next: Partial<typeof filters>) => {
    const merged = { ...filters, offset: 0, ...next };
    const params = new URLSearchParams();
    if (merged.q) params.set('q', merged.q);
    if (merged.status) params.set('status', merged.status);
    if (merged.folder) params.set('folder', merged.folder);
    if (merged.offset) params.set('from', String(merged.offset));
    const search = params.toString();
    route(search ? `${path}?${search}` : path, true);
  };
  return { filters, set };
}

/** The account's short links: find one by name, ending or destination, filter by status and folder, make one. */
export function LinksPage({ canWrite }: { canWrite: boolean }) {
  const { filters, set } = useAddressFilters();
  const name = useDebounced(filters.q.trim(), SEARCH_WAIT_MS);
  const filter: LinksFilter = {
    offset: filters.offset,
    ...(name ? { name } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.folder ? { folderId: filters.folder } : {}),
  };
  const links = useLinks(filter);
  const folders = useLinkFolders();
  const filtered = Boolean(name || filters.status || filters.folder);
  return (
    <CollectionPage
      title="Links"
      id="links"
      create={canWrite ? { title: 'New link', form: <NewLinkForm /> } : null}
      listTitle="All links"
    >
      <form class="filters filters-3" role="search" onSubmit={(e) => e.preventDefault()}>
        <div class="field">
          <label for="links-search">Search by name, ending or destination</label>
          <input
            id="links-search"
            type="search"
            maxLength={200}
            value={filters.q}
            onInput={(e) => set({ q: e.currentTarget.value })}
          />
        </div>
        <SelectField label="Status" none="Any" value={filters.status} options={STATUSES} onChange={(status) => set({ status })} />
        <SelectField
          label="Folder"
          none="Any folder"
          value={filters.folder}
          options={named(folders.data)}
          onChange={(folder) => set({ folder })}
        />
      </form>
      {links.isPending ? (
        <Loading label="Loading links…" />
      ) : links.isError ? (
        <ErrorMessage error={links.error} retry={() => void links.refetch()} />
      ) : links.data.length === 0 && filters.offset === 0 ? (
        filtered ? (
          <Empty title="No link matches">Try another name, status or folder.</Empty>
        ) : (
          <Empty title="No links yet">A short link sends visitors to a destination you can change at any time.</Empty>
        )
      ) : (
        <>
          <ul class="list" aria-busy={links.isFetching || undefined}>
            {links.data.map((link) => (
              <LinkRow key={link.id} link={link} folder={folders.data?.find((f) => f.id === link.folderId)?.name} />
            ))}
          </ul>
          <Pagination
            offset={filters.offset}
            limit={LINKS_PAGE}
            count={links.data.length}
            onChange={(offset) => set({ offset })}
          />
        </>
      )}
    </CollectionPage>
  );
}

function LinkRow({ link, folder }: { link: Link; folder: string | undefined }) {
  const title = linkTitle(link);
  return (
    <li class="list-item link-row">
      <img
        class="link-thumb"
        src={`/app/api/v1/links/${link.id}/image?format=svg&size=96`}
        alt={`QR code of ${title}`}
        width={48}
        height={48}
        loading="lazy"
        onError={(e) => {
          // A service that cannot draw a link's QR image yet answers 404: no broken picture in the row.
          e.currentTarget.hidden = true;
        }}
      />
      <div class="list-main">
        <a class="list-title" href={`/app/links/${link.id}`}>
          {title}
        </a>
        <span class="list-sub">
          <code>{link.url}</code>
        </span>
        <span class="list-sub">→ {link.destination}</span>
      </div>
      <div class="list-meta">
        <LinkStatusBadge status={link.status} expired={link.expired} />
        {folder ? <span class="badge">{folder}</span> : null}
        <span>{formatCount(link.clicks, 'click', 'clicks')}</span>
        <CopyButton value={link.url} label="Copy address" />
      </div>
    </li>
  );
}
