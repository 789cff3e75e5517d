import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { QueryView } from '../../../components/ui/query-view';
import { Section } from '../../../components/ui/section';
import { Notice } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { useAddPasskey, usePasskeys, useRemovePasskey, type Passkey } from '../api/passkeys';

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const remove = useRemovePasskey();
  return (
    <li class="list-item">
      <div class="list-main">
        <span class="list-title">{passkey.name}</span>
        <span class="list-sub">
          Added {formatDateTime(passkey.createdAt)}
          {passkey.lastUsedAt ? ` · last used ${formatDateTime(passkey.lastUsedAt)}` : ''}
        </span>
        {remove.error instanceof Error ? <p class="field-error">{remove.error.message}</p> : null}
      </div>
      <div class="list-meta">
        <Button variant="ghost" busy={remove.isPending} onClick={() => remove.mutate(passkey.id)}>
          Remove<span class="visually-hidden"> {passkey.name}</span>
        </Button>
      </div>
    </li>
  );
}

/** Passkeys: a phone, a laptop or a security key that signs in with a touch, no password and no code. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  // A cancelled or timed-out ceremony in the browser is not the service's refusal: say so plainly.
  const error =
    add.error instanceof Error && add.error.name === 'NotAllowedError'
      ? 'The passkey was not created (cancelled or timed out).'
      : add.error instanceof Error
        ? add.error.message
        : null;
  return (
    <Section id="passkeys" title="Passkeys" card>
      <div class="stack">
        <p class="muted">
          A passkey signs you in with your device’s lock (fingerprint, face or PIN) instead of a password and a code.
        </p>
        <QueryView query={passkeys} loading="Loading your passkeys…">
          {(list) =>
            list.length === 0 ? null : (
              <ul class="list" aria-label="Your passkeys">
                {list.map((passkey) => (
                  <PasskeyRow key={passkey.id} passkey={passkey} />
                ))}
              </ul>
            )
          }
        </QueryView>
        {add.data ? <Notice tone="success">Passkey “{add.data.name}” added.</Notice> : null}
        <Form error={error} onSubmit={() => add.mutate(name.trim(), { onSuccess: () => setName('') })}>
          <TextField
            label="Name of the new passkey (optional)"
            maxLength={100}
            placeholder="Work laptop"
            value={name}
            onInput={setName}
          />
          <div class="actions actions-start">
            <Button type="submit" variant="secondary" busy={add.isPending}>
              Add a passkey
            </Button>
          </div>
        </Form>
      </div>
    </Section>
  );
}
