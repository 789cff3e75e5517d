import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { SelectField, named } from '../../../components/ui/select-field';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useDeleteMedia, useUpdateMedia, type MediaFile, type MediaFolder } from '../api/media';
import { formatBytes } from './bytes';

function Preview({ file }: { file: MediaFile }) {
  if (file.type === 'application/pdf')
    return (
      <a class="media-preview media-pdf" href={file.url}>
        PDF<span class="visually-hidden"> {file.name}</span>
      </a>
    );
  return (
    <a class="media-preview" href={file.url}>
      <img src={file.url} alt={file.name} loading="lazy" width={file.width ?? undefined} height={file.height ?? undefined} />
    </a>
  );
}

function EditFile({ file, folders, onDone }: { file: MediaFile; folders: MediaFolder[]; onDone: () => void }) {
  const [name, setName] = useState(file.name);
  const [folder, setFolder] = useState(file.folderId ?? '');
  const update = useUpdateMedia();
  const errors = formErrors(update.error, { name: 'Name', folderId: 'Folder' });
  return (
    <Form
      error={errors.form}
      onSubmit={() => update.mutate({ id: file.id, name: name.trim(), folderId: folder || null }, { onSuccess: onDone })}
    >
      <TextField label="Name" value={name} required maxLength={200} onInput={setName} error={errors.field.name} />
      <SelectField
        label="Folder"
        value={folder}
        none="No folder"
        options={named(folders)}
        onChange={setFolder}
        error={errors.field.folderId}
      />
      <div class="actions actions-start">
        <Button type="submit" busy={update.isPending}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function FileCard({ file, folders, canWrite }: { file: MediaFile; folders: MediaFolder[]; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteMedia();
  const folder = folders.find((f) => f.id === file.folderId);
  return (
    <li class="card media-file">
      <Preview file={file} />
      {editing ? (
        <EditFile file={file} folders={folders} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p class="media-name">{file.name}</p>
          <p class="muted media-facts">
            {file.type} · {formatBytes(file.size)}
            {file.width && file.height ? ` · ${file.width}×${file.height}` : ''}
            <br />
            {folder ? `In ${folder.name} · ` : ''}
            {formatDateTime(file.createdAt)}
          </p>
          {canWrite ? (
            <div class="actions actions-start">
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Rename or move<span class="visually-hidden"> {file.name}</span>
              </Button>
              <Button variant="ghost" onClick={() => setConfirm(true)}>
                Delete<span class="visually-hidden"> {file.name}</span>
              </Button>
            </div>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={confirm}
        title={`Delete ${file.name}?`}
        confirmLabel="Delete file"
        busy={remove.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() => remove.mutate(file.id, { onSuccess: () => setConfirm(false) })}
      >
        <p>Its public address stops working; a design or page that shows it shows nothing there.</p>
        {remove.isError ? <Notice tone="error">{remove.error.message}</Notice> : null}
      </ConfirmDialog>
    </li>
  );
}

/** The files as cards: preview, name, type, size, and for who may, rename, move and delete. */
export function MediaList({ files, folders, canWrite }: { files: MediaFile[]; folders: MediaFolder[]; canWrite: boolean }) {
  return (
    <ul class="media-grid">
      {files.map((file) => (
        <FileCard key={file.id} file={file} folders={folders} canWrite={canWrite} />
      ))}
    </ul>
  );
}
