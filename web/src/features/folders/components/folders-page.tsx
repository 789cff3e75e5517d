import { NamedItem, NameForm } from '../../../components/ui/named-list';
import { CollectionPage } from '../../../components/ui/collection-page';
import { QueryView } from '../../../components/ui/query-view';
import { formatNumber } from '../../../lib/format';
import { useCreateFolder, useDeleteFolder, useFolders, useRenameFolder, type Folder } from '../api/folders';

function FolderItem({ folder, canWrite }: { folder: Folder; canWrite: boolean }) {
  const rename = useRenameFolder();
  const remove = useDeleteFolder();
  return (
    <NamedItem
      name={folder.name}
      details={`${formatNumber(folder.codeCount)} ${folder.codeCount === 1 ? 'code' : 'codes'}`}
      canWrite={canWrite}
      rename={{ ...rename, run: (name, done) => rename.mutate({ id: folder.id, name }, { onSuccess: done }) }}
      remove={{ ...remove, run: (done) => remove.mutate(folder.id, { onSuccess: done }) }}
      removeWarning={<p>Its codes stay and keep working, in no folder. The folder's own figures are no longer shown.</p>}
    >
      <a href={`/app/analytics?folder=${folder.id}`}>
        Analytics<span class="visually-hidden"> of {folder.name}</span>
      </a>
      {folder.codeCount > 0 ? (
        <a href={`/app/codes/print?folder=${folder.id}`}>
          Print run<span class="visually-hidden"> of {folder.name}</span>
        </a>
      ) : null}
    </NamedItem>
  );
}

/** Folders group codes for browsing and for analytics; deleting one never deletes its codes. */
export function FoldersPage({ canWrite }: { canWrite: boolean }) {
  const folders = useFolders();
  const create = useCreateFolder();
  return (
    <CollectionPage
      title="Folders"
      id="folders"
      create={
        canWrite
          ? {
              title: 'New folder',
              form: (
                <NameForm
                  label="Folder name"
                  submit="Create folder"
                  change={create}
                  onSave={(name, done) => create.mutate(name, { onSuccess: done })}
                />
              ),
            }
          : null
      }
      listTitle="All folders"
    >
      <QueryView
        query={folders}
        loading="Loading folders…"
        empty={{ title: 'No folders yet', text: 'Folders group codes, e.g. per campaign, and add up their scans.' }}
      >
        {(data) => (
          <ul class="list">
            {data.map((folder) => (
              <FolderItem key={folder.id} folder={folder} canWrite={canWrite} />
            ))}
          </ul>
        )}
      </QueryView>
    </CollectionPage>
  );
}
