import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import {
  useCreateMediaFolder,
  useDeleteMediaFolder,
  useRenameMediaFolder,
  type FolderFilter,
  type MediaFolder,
} from '../api/media';

/** Which files show: all, those in no folder, or one folder's (the current one marked for screen readers). */
export function FolderPicker({
  folders,
  current,
  onChange,
}: {
  folders: MediaFolder[];
  current: FolderFilter;
  onChange: (folder: FolderFilter) => void;
}) {
  const items: [FolderFilter, string][] = [
    ['all', 'All files'],
    ['none', 'Not in a folder'],
    ...folders.map((f) => [f.id, f.name] as [string, string]),
  ];
  return (
    <nav aria-label="Media folders">
      <ul class="media-folders">
        {items.map(([id, label]) => (
          <li key={id}>
            <button
              type="button"
              class={`btn btn-small ${current === id ? 'btn-primary' : 'btn-secondary'}`}
              aria-pressed={current === id}
              onClick={() => onChange(id)}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function NewFolder({ onCreated }: { onCreated: (id: string) => void }) {
  const [name, setName] = useState('');
  const create = useCreateMediaFolder();
  const errors = formErrors(create.error, { name: 'Folder name' });
  return (
    <Form
      inline
      error={errors.form}
      onSubmit={() => create.mutate(name.trim(), { onSuccess: (f) => (setName(''), onCreated(f.id)) })}
    >
      <TextField label="New folder" value={name} required maxLength={200} onInput={setName} error={errors.field.name} />
      <div class="actions actions-start">
        <Button type="submit" variant="secondary" busy={create.isPending}>
          Create folder
        </Button>
      </div>
    </Form>
  );
}

/** Renaming and deleting the folder being shown; its files stay, in no folder, when it goes. */
export function FolderActions({ folder, onDeleted }: { folder: MediaFolder; onDeleted: () => void }) {
  const [name, setName] = useState(folder.name);
  const [open, setOpen] = useState(false);
  const rename = useRenameMediaFolder();
  const remove = useDeleteMediaFolder();
  const errors = formErrors(rename.error, { name: 'Folder name' });
  return (
    <>
      <Form inline error={errors.form} onSubmit={() => rename.mutate({ id: folder.id, name: name.trim() })}>
        <TextField label="Folder name" value={name} required maxLength={200} onInput={setName} error={errors.field.name} />
        <div class="actions actions-start">
          <Button type="submit" variant="secondary" busy={rename.isPending}>
            Rename folder
          </Button>
          <Button variant="danger" onClick={() => setOpen(true)}>
            Delete folder
          </Button>
        </div>
      </Form>
      <ConfirmDialog
        open={open}
        title={`Delete the folder ${folder.name}?`}
        confirmLabel="Delete folder"
        busy={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate(folder.id, { onSuccess: () => (setOpen(false), onDeleted()) })}
      >
        <p>Its files stay in the library, in no folder.</p>
        {remove.isError ? <Notice tone="error">{remove.error.message}</Notice> : null}
      </ConfirmDialog>
    </>
  );
}
