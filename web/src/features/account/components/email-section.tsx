import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { HandoverLink } from '../../../components/ui/handover-link';
import { Section } from '../../../components/ui/section';
import { Notice } from '../../../components/ui/states';
import { useChangeEmail } from '../api/own-credentials';
import { besideFields } from './field-errors';

/** Changing one's address: confirmed by a link to the new one (shown here when the server sends no mail). */
export function EmailSection({ email: currentEmail }: { email: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useChangeEmail();
  const errors = besideFields(change.error, [
    ['password', /password/i],
    ['email', /address/i],
  ]);
  const done = change.data;
  return (
    <Section id="email" title="E-mail address" card>
      <p class="muted">
        You sign in with <strong>{currentEmail}</strong>.
      </p>
      {done ? (
        done.url ? (
          <HandoverLink url={done.url} name="confirmation link">
            Open this link to confirm <strong>{done.email}</strong> (it works once, within 24 hours). Until then you keep signing
            in with your current address.
          </HandoverLink>
        ) : (
          <Notice tone="success">
            A link is on its way to <strong>{done.email}</strong>. Open it within 24 hours to confirm the change; until then you
            keep signing in with your current address.
          </Notice>
        )
      ) : (
        <Form
          error={errors.form}
          onSubmit={() => change.mutate({ email: email.trim(), password }, { onSuccess: () => setPassword('') })}
        >
          <div class="grid-2">
            <TextField
              label="New e-mail address"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              value={email}
              onInput={setEmail}
              error={errors.field.email}
            />
            <TextField
              label="Your password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onInput={setPassword}
              error={errors.field.password}
            />
          </div>
          <div class="actions actions-start">
            <Button type="submit" busy={change.isPending}>
              Change address
            </Button>
          </div>
        </Form>
      )}
    </Section>
  );
}
