import { Form } from '../../../components/ui/form';
import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { CheckGroup } from '../../../components/ui/check-group';
import { UrlField } from '../../../components/ui/field';
import { SecretOnce } from '../../../components/ui/secret-once';
import { formErrors } from '../../../lib/form-errors';
import { EVENT_TYPES, useCreateHook, type EventType } from '../api/hooks';

/** A new subscription; its signing secret is shown once, right after. */
export function CreateHookForm() {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventType[]>([]);
  const create = useCreateHook();
  const errors = formErrors(create.error, { url: 'Endpoint address', events: 'Events' });

  const startOver = () => {
    create.reset();
    setUrl('');
    setEvents([]);
  };

  if (create.data) {
    return (
      <SecretOnce value={create.data.secret} name="signing secret" onDone={startOver}>
        <p>
          <strong>Copy the signing secret now.</strong> It is shown only this once. Your service uses it to check that each
          delivery comes from qrelay (Standard Webhooks signatures).
        </p>
      </SecretOnce>
    );
  }

  return (
    <Form error={errors.form} onSubmit={() => create.mutate({ url: url.trim(), events })}>
      <UrlField
        label="Endpoint address"
        value={url}
        onInput={setUrl}
        error={errors.field.url}
        hint="qrelay POSTs each event there as JSON and retries for about three days. Addresses on a private network (localhost, 10.x, 192.168.x) are refused unless the operator sets WEBHOOK_ALLOW_PRIVATE=true and restarts qrelay."
      />
      <CheckGroup
        legend="Events"
        hint="None ticked: every type."
        options={EVENT_TYPES.map(({ type, label }) => ({ value: type, label }))}
        value={events}
        onChange={setEvents}
        error={errors.field.events}
      />
      <div class="actions">
        <Button type="submit" busy={create.isPending}>
          Create webhook
        </Button>
      </div>
    </Form>
  );
}
