import { useRef, useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Field, TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { SelectField, named } from '../../../components/ui/select-field';
import { Notice } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { formErrors } from '../../../lib/form-errors';
import { useUploadMedia, type MediaFolder } from '../api/media';

/** A refusal of the upload: about the name or folder beside them; about the bytes (type, size, room) beside the file. */
function fileErrors(error: unknown) {
  const errors = formErrors(error, { file: 'File', name: 'Name', folderId: 'Folder' });
  if (errors.form && error instanceof ApiError && error.status >= 400 && error.status < 500)
    return { field: { file: errors.form }, form: null };
  return errors;
}

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml,application/pdf';

/** Uploads one file into the library (optionally named and filed); qrelay reads its type from the bytes. */
export function MediaUpload({ folders, folderId }: { folders: MediaFolder[]; folderId: string | null }) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [folder, setFolder] = useState(folderId ?? '');
  const input = useRef<HTMLInputElement>(null);
  const send = useUploadMedia();
  const errors = fileErrors(send.error);
  return (
    <Form
      error={errors.form}
      onSubmit={() =>
        file &&
        send.mutate(
          { file, name: name.trim(), folderId: folder || null },
          {
            onSuccess: () => {
              setFile(null);
              setName('');
              if (input.current) input.current.value = '';
            },
          },
        )
      }
    >
      {send.data ? <Notice tone="success">Uploaded {send.data.name}.</Notice> : null}
      <Field
        label="File"
        error={errors.field.file}
        hint="PNG, JPEG, GIF, WebP, SVG or PDF. Images are re-encoded and SVG scripts removed before they are kept."
      >
        {(a11y) => (
          <input
            {...a11y}
            ref={input}
            type="file"
            required
            accept={ACCEPT}
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        )}
      </Field>
      <div class="grid-2 media-fields">
        <TextField
          label="Name (optional)"
          value={name}
          maxLength={200}
          onInput={setName}
          error={errors.field.name}
          hint="The file's own name when empty."
        />
        <SelectField
          label="Folder"
          value={folder}
          none="No folder"
          options={named(folders)}
          onChange={setFolder}
          error={errors.field.folderId}
        />
      </div>
      <div class="actions">
        <Button type="submit" busy={send.isPending} disabled={!file}>
          Upload
        </Button>
      </div>
    </Form>
  );
}
