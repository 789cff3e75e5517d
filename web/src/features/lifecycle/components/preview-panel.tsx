import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Field, TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { SelectField } from '../../../components/ui/select-field';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { useChangeTarget, useMediaImages, type Lifecycle, type Target } from '../api/lifecycle';

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 500;

const hostOf = (address: string | null | undefined): string => {
  try {
    return address ? new URL(address).host : '';
  } catch {
    return '';
  }
};

/** What a chat or a social network shows when the short address is pasted: a title, a description, a picture. */
export function PreviewPanel({ target, item }: { target: Target; item: Lifecycle }) {
  const [title, setTitle] = useState(item.preview?.title ?? '');
  const [description, setDescription] = useState(item.preview?.description ?? '');
  const [imageId, setImageId] = useState(item.preview?.imageId ?? '');
  const images = useMediaImages();
  const change = useChangeTarget(target);
  const errors = formErrors(change.error, ['preview', 'title', 'description', 'imageId']);
  const imageUrl =
    images.data?.find((f) => f.id === imageId)?.url ?? (imageId === item.preview?.imageId ? item.preview?.imageUrl : undefined);
  const body = {
    ...(title.trim() ? { title: title.trim() } : {}),
    ...(description.trim() ? { description: description.trim() } : {}),
    ...(imageId ? { imageId } : {}),
  };
  const empty = Object.keys(body).length === 0;
  return (
    <section class="card" aria-labelledby={`preview-${target.id}`}>
      <h2 id={`preview-${target.id}`}>Social preview</h2>
      <p class="muted">
        Shown by chat apps and social networks when the short address is shared. Their preview robots are never counted.
      </p>
      <Form error={errors.form ?? errors.field.preview ?? null} onSubmit={() => change.mutate({ preview: empty ? null : body })}>
        {change.isSuccess && !change.isPending ? <Notice tone="success">Social preview saved.</Notice> : null}
        <TextField label="Preview title" maxLength={TITLE_MAX} value={title} onInput={setTitle} error={errors.field.title} />
        <Field label="Preview description" error={errors.field.description}>
          {(a11y) => (
            <textarea
              {...a11y}
              rows={3}
              maxLength={DESCRIPTION_MAX}
              value={description}
              onInput={(e) => setDescription(e.currentTarget.value)}
            />
          )}
        </Field>
        <SelectField
          label="Preview image"
          none="No image"
          value={imageId}
          options={(images.data ?? []).map((f) => [f.id, f.name] as const)}
          onChange={setImageId}
          error={errors.field.imageId}
          hint={images.isError ? images.error.message : 'From the media library; 1200 × 630 pixels suits most networks.'}
        />
        <figure class="og-card" aria-label="How the preview looks">
          {imageUrl ? <img src={imageUrl} alt="" loading="lazy" /> : <div class="og-blank" aria-hidden="true" />}
          <figcaption>
            <span class="og-host">{hostOf(item.url)}</span>
            <strong>{title.trim() || 'No title: the robot sees the destination’s own'}</strong>
            {description.trim() ? <span>{description.trim()}</span> : null}
          </figcaption>
        </figure>
        <div class="actions">
          {item.preview ? (
            <Button
              variant="secondary"
              busy={change.isPending}
              onClick={() =>
                change.mutate(
                  { preview: null },
                  {
                    onSuccess: () => {
                      setTitle('');
                      setDescription('');
                      setImageId('');
                    },
                  },
                )
              }
            >
              Remove the preview
            </Button>
          ) : null}
          <Button type="submit" busy={change.isPending}>
            Save preview
          </Button>
        </div>
      </Form>
    </section>
  );
}
