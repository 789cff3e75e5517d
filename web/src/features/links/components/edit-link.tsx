import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField, UrlField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { LinkFolderField } from './folder-field';
import { useUpdateLink, type Link } from '../api/links';

/** Rename, repoint (the next click follows the new destination) and file in a folder. */
export function EditLink({ link }: { link: Link }) {
  const [name, setName] = useState(link.name ?? '');
  const [url, setUrl] = useState(link.destination);
  const [folderId, setFolderId] = useState(link.folderId ?? '');
  const { update } = useUpdateLink(link.id);
  const errors = formErrors(update.error, ['name', 'url', 'folderId']);
  const changes = {
    ...(name !== (link.name ?? '') ? { name } : {}),
    ...(url !== link.destination ? { url: url.trim() } : {}),
    ...(folderId !== (link.folderId ?? '') ? { folderId: folderId || null } : {}),
  };
  const unchanged = Object.keys(changes).length === 0;
  return (
    <section class="card" aria-labelledby="edit-link-heading">
      <h2 id="edit-link-heading">Name and destination</h2>
      <Form error={errors.form} onSubmit={() => update.mutate(changes)}>
        {update.isSuccess && unchanged ? <Notice tone="success">Saved.</Notice> : null}
        <TextField
          label="Name"
          maxLength={200}
          value={name}
          onInput={setName}
          error={errors.field.name}
          hint={`Empty, the link is shown by its ending, ${link.shortCode}.`}
        />
        <UrlField
          label="Destination"
          value={url}
          onInput={setUrl}
          error={errors.field.url}
          hint="The next click follows a new destination."
        />
        <LinkFolderField label="Folder" value={folderId} onChange={setFolderId} error={errors.field.folderId} />
        <div class="actions">
          <Button type="submit" busy={update.isPending} disabled={unchanged}>
            Save changes
          </Button>
        </div>
      </Form>
    </section>
  );
}
