import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField, UrlField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { Notice } from '../../../components/ui/states';
import { ENDING_PATTERN } from '../../../lib/ending-pattern';
import { formErrors } from '../../../lib/form-errors';
import { LinkFolderField } from './folder-field';
import { useCreateLink } from '../api/links';

/** A new short link: a destination, and optionally its ending, a name and a folder. */
export function NewLinkForm() {
  const [url, setUrl] = useState('');
  const [shortCode, setShortCode] = useState('');
  const [name, setName] = useState('');
  const [folderId, setFolderId] = useState('');
  const create = useCreateLink();
  const errors = formErrors(create.error, ['url', 'shortCode', 'name', 'folderId']);
  return (
    <Form
      error={errors.form}
      onSubmit={() => {
        create.mutate(
          {
            url: url.trim(),
            ...(shortCode.trim() ? { shortCode: shortCode.trim() } : {}),
            ...(name.trim() ? { name: name.trim() } : {}),
            ...(folderId ? { folderId } : {}),
          },
          {
            onSuccess: () => {
              setUrl('');
              setShortCode('');
              setName('');
              setFolderId('');
            },
          },
        );
      }}
    >
      {create.data && !create.isPending ? (
        <Notice tone="success">
          Created <a href={`/app/links/${create.data.id}`}>{create.data.url}</a>
        </Notice>
      ) : null}
      <UrlField label="Destination" value={url} onInput={setUrl} error={errors.field.url} />
      <div class="grid-2">
        <TextField
          label="Ending (optional)"
          maxLength={64}
          pattern={ENDING_PATTERN}
          value={shortCode}
          onInput={setShortCode}
          error={errors.field.shortCode}
          hint="3 to 64 letters, digits, - or _. Left empty, qrelay picks a short one."
        />
        <TextField
          label="Name (optional)"
          maxLength={200}
          value={name}
          onInput={setName}
          error={errors.field.name}
          hint="To find the link by."
        />
      </div>
      <LinkFolderField label="Folder (optional)" value={folderId} onChange={setFolderId} error={errors.field.folderId} />
      <div class="actions">
        <Button type="submit" busy={create.isPending}>
          Create link
        </Button>
      </div>
    </Form>
  );
}
