import { Form } from '../../../components/ui/form';
import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Field, TextField } from '../../../components/ui/field';
import { NamedItem } from '../../../components/ui/named-list';
import { CollectionPage } from '../../../components/ui/collection-page';
import { QueryView } from '../../../components/ui/query-view';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { TemplateThumb } from './template-thumb';
import '../templates.css';
import { useCreateTemplate, useDeleteTemplate, useRenameTemplate, useTemplates, type Template } from '../api/templates';

const MODULE_STYLES = ['square', 'rounded', 'dots', 'classy'] as const;

/** A template from a few basic choices; the designer saves any design as a template too. */
function NewTemplateForm() {
  const [name, setName] = useState('');
  const [foreground, setForeground] = useState('#111827');
  const [background, setBackground] = useState('#ffffff');
  const [moduleStyle, setModuleStyle] = useState<(typeof MODULE_STYLES)[number]>('square');
  const create = useCreateTemplate();
  const errors = formErrors(create.error, { name: 'Template name', design: 'Design' });
  return (
    <Form
      error={errors.form}
      onSubmit={() => {
        create.mutate({ name: name.trim(), design: { foreground, background, moduleStyle } }, { onSuccess: () => setName('') });
      }}
    >
      {errors.field.design ? <Notice tone="error">{errors.field.design}</Notice> : null}
      <TextField label="Template name" required maxLength={200} value={name} onInput={setName} error={errors.field.name} />
      <div class="grid-3">
        <TextField label="Foreground" type="color" value={foreground} onInput={setForeground} />
        <TextField label="Background" type="color" value={background} onInput={setBackground} />
        <Field label="Module style">
          {(a11y) => (
            <select {...a11y} value={moduleStyle} onChange={(e) => setModuleStyle(e.currentTarget.value as typeof moduleStyle)}>
              {MODULE_STYLES.map((style) => (
                <option key={style} value={style}>
                  {style}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <p class="field-hint">Logos, frames and corners are chosen in a code's designer, which saves any design as a template.</p>
      <div class="actions">
        <Button type="submit" busy={create.isPending}>
          Save template
        </Button>
      </div>
    </Form>
  );
}

function TemplateItem({ template, canWrite }: { template: Template; canWrite: boolean }) {
  const rename = useRenameTemplate();
  const remove = useDeleteTemplate();
  const { foreground, background, moduleStyle } = template.design;
  const colours = `${foreground} on ${background}`;
  return (
    <NamedItem
      name={template.name}
      details={`${moduleStyle} modules, ${colours} · changed ${formatDateTime(template.updatedAt)}`}
      canWrite={canWrite}
      rename={{ ...rename, run: (name, done) => rename.mutate({ id: template.id, name }, { onSuccess: done }) }}
      remove={{ ...remove, run: (done) => remove.mutate(template.id, { onSuccess: done }) }}
      removeWarning={<p>Codes designed with it keep their design; it is no longer offered in the designer.</p>}
    >
      <TemplateThumb template={template} />
    </NamedItem>
  );
}

/** Saved designs: list, create from basic choices, rename, delete. */
export function TemplatesPage({ canWrite }: { canWrite: boolean }) {
  const templates = useTemplates();
  return (
    <CollectionPage
      title="Templates"
      id="templates"
      create={canWrite ? { title: 'New template', form: <NewTemplateForm /> } : null}
      listTitle="All templates"
    >
      <QueryView
        query={templates}
        loading="Loading templates…"
        empty={{ title: 'No templates yet', text: 'A template keeps a design to apply to new codes in one step.' }}
      >
        {(data) => (
          <ul class="list">
            {data.map((template) => (
              <TemplateItem key={template.id} template={template} canWrite={canWrite} />
            ))}
          </ul>
        )}
      </QueryView>
    </CollectionPage>
  );
}
