import { named, SelectField } from '../../../components/ui/select-field';
import type { CodesFilter } from '../api/get-codes';
import type { Folder } from '../api/get-folders';

/** The list's view as the address keeps it: `q` the search, `folder` a folder's id, `sort` the order. */
export type Filters = {
  q: string;
  status: NonNullable<CodesFilter['status']> | '';
  folder: string;
  sort: NonNullable<CodesFilter['sort']>;
};

export const FILTERS_AT_START: Filters = { q: '', status: '', folder: '', sort: '-created' };

const SORTS = [
  ['-created', 'Newest first'],
  ['created', 'Oldest first'],
  ['name', 'Name, A to Z'],
  ['-name', 'Name, Z to A'],
  ['-scans', 'Most scans'],
  ['scans', 'Fewest scans'],
] as const;

const STATUSES = [
  ['active', 'Active'],
  ['paused', 'Paused'],
  ['archived', 'Archived'],
] as const;

/** Search by name, the status and folder filters, and the order; any change goes back to the first page. */
export function CodesFilters({
  filters,
  folders,
  onChange,
}: {
  filters: Filters;
  folders: Folder[];
  onChange: (changes: Partial<Filters>) => void;
}) {
  return (
    <form class="filters filters-codes" role="search" onSubmit={(e) => e.preventDefault()}>
      <div class="field">
        <label for="codes-search">Search by name</label>
        <input
          id="codes-search"
          type="search"
          maxLength={200}
          value={filters.q}
          onInput={(e) => onChange({ q: e.currentTarget.value })}
        />
      </div>
      <SelectField
        label="Status"
        none="Any"
        value={filters.status}
        options={STATUSES}
        onChange={(status) => onChange({ status })}
      />
      <SelectField
        label="Folder"
        none="Any folder"
        value={filters.folder}
        options={named(folders)}
        onChange={(folder) => onChange({ folder })}
      />
      <SelectField label="Sort by" value={filters.sort} options={SORTS} onChange={(sort) => onChange({ sort })} />
    </form>
  );
}
