import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { named, SelectField } from '../../../components/ui/select-field';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import type { Code } from '../api/get-codes';
import { useFolders } from '../api/get-folders';
import { useUpdateCode } from '../api/update-code';
import { CODE_LABELS, CodeNameField, DestinationField } from './code-fields';

/** Rename, file in a folder, and for a dynamic code repoint: the next scan follows the new destination. */
export function EditCode({ code }: { code: Code }) {
  const [name, setName] = useState(code.name);
  const [url, setUrl] = useState(code.destination ?? '');
  const [folderId, setFolderId] = useState(code.folderId ?? '');
  const { update } = useUpdateCode(code.id);
  const folders = useFolders();
  const errors = formErrors(update.error, { name: CODE_LABELS.name, url: CODE_LABELS.url, folderId: CODE_LABELS.folderId });
  const changes = {
    ...(name !== code.name ? { name } : {}),
    ...(code.mode === 'dynamic' && url !== code.destination ? { url } : {}),
    ...(folderId !== (code.folderId ?? '') ? { folderId: folderId || null } : {}),
  };
  return (
    <section class="card" aria-labelledby="edit-heading">
      <h2 id="edit-heading">Name and destination</h2>
      <form
        class="form"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(changes);
        }}
      >
        {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        {update.isSuccess && Object.keys(changes).length === 0 ? (
          <Notice tone="success">
            {update.variables && 'url' in update.variables ? 'Saved. The next scan follows the new destination.' : 'Saved.'}
          </Notice>
        ) : null}
        <CodeNameField value={name} onInput={setName} error={errors.field.name} />
        {code.mode === 'dynamic' ? (
          <DestinationField
            value={url}
            onInput={setUrl}
            error={errors.field.url}
            hint="Changing it repoints every printed copy at once."
          />
        ) : (
          <p class="muted">A static code's destination is part of the symbol and cannot change.</p>
        )}
        <SelectField
          label="Folder"
          none="No folder"
          value={folderId}
          options={named(folders.data)}
          onChange={setFolderId}
          error={errors.field.folderId}
          hint={folders.isError ? folders.error.message : undefined}
        />
        <div class="actions">
          <Button type="submit" busy={update.isPending} disabled={Object.keys(changes).length === 0}>
            Save changes
          </Button>
        </div>
      </form>
    </section>
  );
}
