import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useChangeTarget, type Lifecycle, type Target } from '../api/lifecycle';
import { fromLocalInput, toLocalInput } from '../api/local-time';

/** An end by date or by count, and where visitors go afterwards (the service's own "expired" page when empty). */
export function ExpiryPanel({ target, item }: { target: Target; item: Lifecycle }) {
  const countField = target.kind === 'links' ? 'maxClicks' : 'maxScans';
  const noun = target.kind === 'links' ? 'clicks' : 'scans';
  const [at, setAt] = useState(toLocalInput(item.expiresAt));
  const [count, setCount] = useState(String(item[countField] ?? ''));
  const [elsewhere, setElsewhere] = useState(item.expiredUrl ?? '');
  const change = useChangeTarget(target);
  const errors = formErrors(change.error, ['expiresAt', countField, 'expiredUrl']);
  return (
    <section class="card" aria-labelledby={`expiry-${target.id}`}>
      <div class="section-head">
        <h2 id={`expiry-${target.id}`}>Expiry</h2>
        {item.expired ? <span class="badge badge-expired">Expired</span> : null}
      </div>
      <p class="muted">
        {item.expired
          ? `Expired: visitors are ${item.expiredUrl ? 'sent to the expired address' : 'shown a page saying it has expired'}, and are not counted.`
          : item.expiresAt
            ? `Expires ${formatDateTime(item.expiresAt)}.`
            : `Stop forwarding at a date or after a number of ${noun}; both empty, it never expires.`}
      </p>
      <Form
        error={errors.form}
        onSubmit={() =>
          change.mutate({
            expiresAt: fromLocalInput(at),
            [countField]: count.trim() === '' ? null : Number(count),
            expiredUrl: elsewhere.trim() || null,
          })
        }
      >
        {change.isSuccess && !change.isPending ? <Notice tone="success">Expiry saved.</Notice> : null}
        <div class="grid-2">
          <TextField
            label="Expires at"
            type="datetime-local"
            value={at}
            onInput={setAt}
            error={errors.field.expiresAt}
            hint="In your time zone; empty for no date."
          />
          <TextField
            label={`Most ${noun}`}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={count}
            onInput={setCount}
            error={errors.field[countField]}
            hint="Empty for no limit."
          />
        </div>
        <TextField
          label="Expired address"
          type="url"
          maxLength={2048}
          value={elsewhere}
          onInput={setElsewhere}
          error={errors.field.expiredUrl}
          hint="Where visitors go once it has expired; empty for qrelay's own expired page."
        />
        <div class="actions">
          <Button type="submit" busy={change.isPending}>
            Save expiry
          </Button>
        </div>
      </Form>
    </section>
  );
}
