import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { useSetTimeZone } from '../api/time-zone';
import { browserZones, zoneGroups, zoneLabel } from '../api/time-zones';

/**
 * The zone the account's analytics count days and hours in: an owner or an admin chooses it among the
 * IANA zones; everyone else reads it. A refusal shows beside the field.
 */
export function TimeZoneSetting({ current, canChange }: { current: string; canChange: boolean }) {
  const [zone, setZone] = useState(current);
  const save = useSetTimeZone();
  const errors = formErrors(save.error, ['timezone']);
  return (
    <section class="card" aria-labelledby="time-zone">
      <h2 id="time-zone">Time zone</h2>
      {canChange ? (
        <Form error={errors.form} onSubmit={() => save.mutate(zone)}>
          {save.isSuccess && save.data.timezone === zone ? (
            <Notice tone="success">Analytics now count days in {save.data.timezone}.</Notice>
          ) : null}
          <Field
            label="Time zone of the analytics"
            hint="A day in the analytics runs from midnight to midnight in this zone."
            error={errors.field.timezone}
          >
            {(a11y) => (
              <select {...a11y} value={zone} onChange={(e) => setZone(e.currentTarget.value)}>
                {zoneGroups(browserZones(), current).map(([area, zones]) => (
                  <optgroup key={area} label={area}>
                    {zones.map((z) => (
                      <option key={z} value={z}>
                        {area === 'Universal' || area === 'Other' ? z : `${area}: ${zoneLabel(z)}`}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            )}
          </Field>
          <div class="actions actions-start">
            <Button type="submit" busy={save.isPending}>
              Save time zone
            </Button>
          </div>
        </Form>
      ) : (
        <p>
          Analytics count days in <strong>{current}</strong>. An owner or an admin of the account can change it.
        </p>
      )}
    </section>
  );
}
