import type { CodesFilter } from '../api/get-codes';
import type { Folder } from '../api/get-folders';

export type Filters = { name: string; status: CodesFilter['status'] | ''; folderId: string };

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
      <div class="field">
        <label for="codes-status">Status</label>
        <select
          id="codes-status"
          value={filters.status}
          onChange={(e) => onChange({ ...filters, status: e.currentTarget.value as Filters['status'] })}
        >
          <option value="">Any</option>
          <option value="active">Active</option>
          <option value="paused">Paused</option>
          <option value="archived">Archived</option>
        </select>
      </div>
      <div class="field">
        <label for="codes-folder">Folder</label>
        <select
          id="codes-folder"
          value={filters.folderId}
          onChange={(e) => onChange({ ...filters, folderId: e.currentTarget.value })}
        >
          <option value="">Any folder</option>
          {folders.map((folder) => (
            <option key={folder.id} value={folder.id}>
              {folder.name}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
