import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { named, SelectField } from '../../../components/ui/select-field';
import { Notice } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { formErrors } from '../../../lib/form-errors';
import { useChangeTarget, useUtmTemplateChanges, useUtmTemplates, type Lifecycle, type Target, type Utm } from '../api/lifecycle';
import { cleanUtm, UTM_KEYS, UTM_MAX, withUtm, type UtmKey } from '../api/utm';

const LABEL: Record<UtmKey, string> = {
  source: 'Source',
  medium: 'Medium',
  campaign: 'Campaign',
  term: 'Term',
  content: 'Content',
};
const HINT: Record<UtmKey, string> = {
  source: 'Where it is seen: newsletter, poster.',
  medium: 'The kind of channel: email, print.',
  campaign: 'The campaign: spring-sale.',
  term: 'A paid keyword, if any.',
  content: 'Which variant: blue-button.',
};

/** UTM parameters added to the destination on every visit, with saved templates and the address they make. */
export function UtmBuilder({ target, item }: { target: Target; item: Lifecycle }) {
  const [utm, setUtm] = useState<Utm>(item.utm ?? {});
  const [picked, setPicked] = useState('');
  const [templateName, setTemplateName] = useState('');
  const change = useChangeTarget(target);
  const templates = useUtmTemplates();
  const { save } = useUtmTemplateChanges();
  const errors = formErrors(change.error, ['utm']);
  const templateErrors = formErrors(save.error, ['name', 'utm']);
  // A service without saved templates answers 404: the template parts are left out.
  const withTemplates = !(templates.error instanceof ApiError && templates.error.status === 404);
  const final = withUtm(item.destination ?? '', utm);
  const pick = (id: string) => {
    setPicked(id);
    const template = templates.data?.find((t) => t.id === id);
    if (template) setUtm({ ...template.utm });
  };
  return (
    <section class="card" aria-labelledby={`utm-${target.id}`}>
      <h2 id={`utm-${target.id}`}>UTM parameters</h2>
      <p class="muted">
        Added to the destination on every visit, so your analytics tool sees where people came from. A parameter of the same name
        already in the destination is replaced.
      </p>
      <Form error={errors.form ?? errors.field.utm ?? null} onSubmit={() => change.mutate({ utm: cleanUtm(utm) })}>
        {change.isSuccess && !change.isPending ? <Notice tone="success">UTM parameters saved.</Notice> : null}
        {withTemplates ? (
          <SelectField
            label="Start from a saved template"
            none={templates.data?.length ? 'Choose a template' : 'No saved templates yet'}
            value={picked}
            options={named(templates.data)}
            onChange={pick}
            hint={templates.isError ? templates.error.message : undefined}
          />
        ) : null}
        <div class="utm-grid">
          {UTM_KEYS.map((key) => (
            <TextField
              key={key}
              label={LABEL[key]}
              maxLength={UTM_MAX}
              value={utm[key] ?? ''}
              onInput={(value) => setUtm({ ...utm, [key]: value })}
              hint={HINT[key]}
            />
          ))}
        </div>
        <div class="utm-final">
          <p id={`utm-final-${target.id}`} class="field-hint">
            Visitors go to
          </p>
          <output aria-labelledby={`utm-final-${target.id}`} class="final-address">
            <code>{final}</code>
          </output>
        </div>
        <div class="actions">
          <Button type="submit" busy={change.isPending}>
            Save UTM parameters
          </Button>
        </div>
      </Form>
      {withTemplates ? (
        <Form
          inline
          error={templateErrors.form ?? templateErrors.field.utm ?? null}
          onSubmit={() => {
            const values = cleanUtm(utm);
            if (values) save.mutate({ name: templateName.trim(), utm: values }, { onSuccess: () => setTemplateName('') });
          }}
        >
          {save.isSuccess && !save.isPending ? <Notice tone="success">Template "{save.data.name}" saved.</Notice> : null}
          <TextField
            label="Save these values as a template"
            required
            maxLength={100}
            value={templateName}
            onInput={setTemplateName}
            error={templateErrors.field.name}
            hint="A name to pick them by on any code or link."
          />
          <div class="actions actions-start">
            <Button type="submit" variant="secondary" busy={save.isPending} disabled={!cleanUtm(utm)}>
              Save as template
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
