import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { formErrors } from '../../../lib/form-errors';
import { dayOf, instantOf, type Campaign } from '../api/campaigns';

export interface CampaignInput {
  name: string;
  startsAt: string | null;
  endsAt: string | null;
}

/** A campaign's name and optional first and last days; the API's message beside the field it names. */
export function CampaignForm({
  campaign,
  busy,
  error,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  campaign?: Campaign;
  busy: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (input: CampaignInput) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(campaign?.name ?? '');
  const [starts, setStarts] = useState(dayOf(campaign?.startsAt ?? null));
  const [ends, setEnds] = useState(dayOf(campaign?.endsAt ?? null));
  const errors = formErrors(error, { name: 'Name', startsAt: 'First day', endsAt: 'Last day' });
  return (
    <Form
      error={errors.form}
      onSubmit={() => onSubmit({ name: name.trim(), startsAt: instantOf(starts, false), endsAt: instantOf(ends, true) })}
    >
      <TextField label="Name" value={name} required maxLength={100} onInput={setName} error={errors.field.name} />
      <div class="grid-2">
        <TextField label="First day (optional)" type="date" value={starts} onInput={setStarts} error={errors.field.startsAt} />
        <TextField label="Last day (optional)" type="date" value={ends} onInput={setEnds} error={errors.field.endsAt} />
      </div>
      <div class="actions">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
