import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import type { Code } from '../api/get-codes';
import { useUpdateCode } from '../api/update-code';
import { CodeNameField, DestinationField } from './code-fields';

/** Rename, and for a dynamic code repoint: the next scan follows the new destination. */
export function EditCode({ code }: { code: Code }) {
  const [name, setName] = useState(code.name);
  const [url, setUrl] = useState(code.destination ?? '');
  const { update } = useUpdateCode(code.id);
  const errors = formErrors(update.error, ['name', 'url']);
  const changes = {
    ...(name !== code.name ? { name } : {}),
    ...(code.mode === 'dynamic' && url !== code.destination ? { url } : {}),
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
          <Notice tone="success">Saved. The next scan follows the new destination.</Notice>
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
        <div class="actions">
          <Button type="submit" busy={update.isPending} disabled={Object.keys(changes).length === 0}>
            Save changes
          </Button>
        </div>
      </form>
    </section>
  );
}
