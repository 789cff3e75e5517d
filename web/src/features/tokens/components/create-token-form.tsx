import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { useCreateToken, type Scope } from '../api/token-mutations';

/** A new API token: a label, the scopes the person's role allows, an optional expiry; the secret is shown once. */
export function CreateTokenForm({ allowedScopes }: { allowedScopes: readonly Scope[] }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [expires, setExpires] = useState('');
  const create = useCreateToken();
  const errors = formErrors(create.error, ['name', 'scopes', 'expiresAt']);
  const toggle = (scope: Scope, on: boolean) => setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)));
  const today = new Date().toISOString().slice(0, 10);

  if (create.data) {
    return (
      <div class="stack">
        <Notice tone="success">
          <p>
            <strong>Copy the token now.</strong> It is shown only this once; qrelay keeps only a fingerprint of it.
          </p>
        </Notice>
        <div class="secret">
          <code aria-label="The new token">{create.data.token}</code>
          <CopyButton value={create.data.token} label="Copy token" />
        </div>
        <div class="actions actions-start">
          <Button
            variant="secondary"
            onClick={() => {
              create.reset();
              setName('');
              setScopes([]);
              setExpires('');
            }}
          >
            Done
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({
          scopes,
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
        });
      }}
    >
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
      <TextField
        label="Label"
        maxLength={200}
        value={name}
        onInput={setName}
        error={errors.field.name}
        hint="Say where it is used, e.g. “Print shop sync”."
      />
      <fieldset class="field">
        <legend>Scopes</legend>
        <p class="field-hint">Only what your role allows is offered. A write scope does not include reading.</p>
        <div class="checks">
          {allowedScopes.map((scope) => (
            <label key={scope} class="choice">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.currentTarget.checked)} />
              <code>{scope}</code>
            </label>
          ))}
        </div>
        {errors.field.scopes ? <p class="field-error">{errors.field.scopes}</p> : null}
      </fieldset>
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
    </form>
  );
}
