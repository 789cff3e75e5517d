import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { InlineForm } from '../../../components/ui/inline-form';
import { TextField } from '../../../components/ui/field';
import { named, SelectField } from '../../../components/ui/select-field';
import { ErrorMessage, Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { useSaveTemplate, useTemplates } from '../api/templates';
import type { Design } from '../api/types';

/** Applies a saved design to the editor (a copy: later changes to it never reach the code), or saves the current one. */
export function TemplatePanel({
  design,
  scannable,
  canSave,
  onApply,
}: {
  design: Design;
  scannable: boolean;
  canSave: boolean;
  onApply: (design: Design) => void;
}) {
  const templates = useTemplates();
  const save = useSaveTemplate();
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [accept, setAccept] = useState(false);
  const errors = formErrors(save.error, { name: 'Template name' });
  const list = templates.data ?? [];
  return (
    <section class="card stack" aria-labelledby="templates-heading">
      <h2 id="templates-heading">Templates</h2>
      {templates.isError ? <ErrorMessage error={templates.error} retry={() => void templates.refetch()} /> : null}
      <InlineForm
        onSubmit={() => {
          const template = list.find((t) => t.id === chosen);
          if (template) onApply(template.design);
        }}
      >
        <SelectField
          label="Saved template"
          none="Choose a template"
          value={chosen}
          options={named(list)}
          onChange={setChosen}
          disabled={!list.length}
        />
        <Button type="submit" variant="secondary" disabled={!chosen}>
          Apply template
        </Button>
      </InlineForm>
      {templates.isPending ? (
        <p class="muted">Loading templates…</p>
      ) : list.length ? null : (
        <p class="muted">No templates saved yet.</p>
      )}
      <InlineForm
        onSubmit={() => {
          save.mutate(
            { name: name.trim(), design, ...(scannable ? {} : { acceptUnscannable: accept }) },
            { onSuccess: () => setName('') },
          );
        }}
      >
        <TextField label="New template name" required maxLength={100} value={name} onInput={setName} error={errors.field.name} />
        <Button
          type="submit"
          variant="secondary"
          busy={save.isPending}
          disabled={!canSave || !name.trim() || (!scannable && !accept)}
        >
          Save as template
        </Button>
      </InlineForm>
      {!scannable ? (
        <label class="choice choice-warn">
          <input type="checkbox" checked={accept} onChange={(e) => setAccept(e.currentTarget.checked)} />
          <span>Save the template although it does not scan reliably.</span>
        </label>
      ) : null}
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
      {save.isSuccess ? <Notice tone="success">Saved the template "{save.data.name}".</Notice> : null}
    </section>
  );
}
