import { named, SelectField } from '../../../components/ui/select-field';
import type { CodesFilter } from '../api/get-codes';
import type { Folder } from '../api/get-folders';

export type Filters = { name: string; status: NonNullable<CodesFilter['status']> | ''; folderId: string };

const STATUSES = [
  ['active', 'Active'],
  ['paused', 'Paused'],
  ['archived', 'Archived'],
] as const;

/** Search by name, and the status and folder filters; any change goes back to the first page. */
export function CodesFilters({
  filters,
  folders,
  onChange,
}: {
  filters: Filters;
  folders: Folder[];
  onChange: (filters: Filters) => void;
}) {
  return (
    <form class="filters filters-3" role="search" onSubmit={(e) => e.preventDefault()}>
      <div class="field">
        <label for="codes-search">Search by name</label>
        <input
          id="codes-search"
          type="search"
          maxLength={200}
          value={filters.name}
          onInput={(e) => onChange({ ...filters, name: e.currentTarget.value })}
        />
      </div>
      <SelectField
        label="Status"
        none="Any"
        value={filters.status}
        options={STATUSES}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <SelectField
        label="Folder"
        none="Any folder"
        value={filters.folderId}
        options={named(folders)}
        onChange={(folderId) => onChange({ ...filters, folderId })}
      />
    </form>
  );
}
