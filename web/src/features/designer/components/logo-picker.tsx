import { useId } from 'preact/hooks';
import { ErrorMessage } from '../../../components/ui/states';
import { useLogoChoices, useUploadLogo } from '../api/media';

/** A logo from the media library: upload one (stored by qrelay, never hot-linked) or choose one already there. */
export function LogoPicker({
  current,
  canList,
  onPick,
}: {
  current: string | null;
  canList: boolean;
  onPick: (url: string) => void;
}) {
  const id = useId();
  const upload = useUploadLogo();
  const choices = useLogoChoices(canList);
  return (
    <div class="logo-picker">
      <div class="field">
        <label for={id}>Upload a logo</label>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
          aria-describedby={`${id}-hint`}
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) upload.mutate(file, { onSuccess: (stored) => onPick(stored.url) });
            e.currentTarget.value = '';
          }}
        />
        <p class="field-hint" id={`${id}-hint`}>
          {upload.isPending ? 'Uploading…' : 'PNG, JPEG, WebP, GIF or SVG; checked and stored in your media library.'}
        </p>
      </div>
      {upload.error ? <ErrorMessage error={upload.error} /> : null}
      {choices.isError ? <ErrorMessage error={choices.error} retry={() => void choices.refetch()} /> : null}
      {choices.data?.length ? (
        <fieldset class="field">
          <legend>Or choose from the media library</legend>
          <ul class="logo-choices">
            {choices.data.map((file) => (
              <li key={file.id}>
                <button
                  type="button"
                  class="logo-choice"
                  aria-pressed={current === file.url}
                  title={file.name}
                  onClick={() => onPick(file.url)}
                >
                  <img src={file.url} alt="" width={48} height={48} loading="lazy" />
                  <span class="visually-hidden">Use {file.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}
