import { Form } from '../../../components/ui/form';
import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { CheckGroup } from '../../../components/ui/check-group';
import { TextField } from '../../../components/ui/field';
import { SecretOnce } from '../../../components/ui/secret-once';
import { formErrors } from '../../../lib/form-errors';
import { useCreateToken, type Scope } from '../api/token-mutations';

/** A new API token: a label, the scopes the person's role allows, an optional expiry; the secret is shown once. */
export function CreateTokenForm({ allowedScopes }: { allowedScopes: readonly Scope[] }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [expires, setExpires] = useState('');
  const create = useCreateToken();
  const errors = formErrors(create.error, ['name', 'scopes', 'expiresAt']);
  const today = new Date().toISOString().slice(0, 10);

  if (create.data) {
    return (
      <SecretOnce
        value={create.data.token}
        name="token"
        onDone={() => {
          create.reset();
          setName('');
          setScopes([]);
          setExpires('');
        }}
      >
        <p>
          <strong>Copy the token now.</strong> It is shown only this once; qrelay keeps only a fingerprint of it.
        </p>
      </SecretOnce>
    );
  }

  return (
    <Form
      error={errors.form}
      onSubmit={() => {
        create.mutate({
          scopes,
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
        });
      }}
    >
      <TextField
        label="Label"
        maxLength={200}
        value={name}
        onInput={setName}
        error={errors.field.name}
        hint="Say where it is used, e.g. “Print shop sync”."
      />
      <CheckGroup
        legend="Scopes"
        hint="Only what your role allows is offered. A write scope does not include reading."
        options={allowedScopes.map((scope) => ({
          value: scope,
          label: <code>{scope}</code>,
          column: scope.endsWith(':write') ? 2 : 1,
        }))}
        pairs
        value={scopes}
        onChange={setScopes}
        error={errors.field.scopes}
      />
      <TextField
        label="Expires on (optional)"
        type="date"
        min={today}
        value={expires}
        onInput={setExpires}
        error={errors.field.expiresAt}
        hint="Left empty, the token works until revoked."
      />
      <div class="actions">
        <Button type="submit" busy={create.isPending} disabled={scopes.length === 0}>
          Create token
        </Button>
      </div>
    </Form>
  );
}
