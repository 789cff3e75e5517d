import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { useUpdateRouting, visitWord, type Routed, type RoutedKind } from '../api/update-routing';
import { CODE_LABELS } from './code-fields';

/** The shortest password the API accepts for a gate (its OpenAPI schema's minLength). */
const GATE_PASSWORD_MIN = 8;

/** A password asked before forwarding; it is stored hashed, so it can be replaced or removed, never shown. */
export function PasswordGate({ code, kind = 'codes' }: { code: Routed; kind?: RoutedKind }) {
  const update = useUpdateRouting(kind, code.id);
  const visit = visitWord(kind);
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const errors = formErrors(update.error, { gate: CODE_LABELS.gate });
  const protectedNow = code.gate != null;
  const save = (gate: { password: string } | null, message: string) =>
    update.mutate(
      { gate },
      {
        onSuccess: () => {
          setPassword('');
          setDone(message);
        },
      },
    );
  return (
    <section class="card" aria-labelledby="gate-heading">
      <h2 id="gate-heading">Password protection</h2>
      <p class="muted">
        {protectedNow
          ? `Protected: every ${visit} asks for the password before it is forwarded.`
          : `Not protected: every ${visit} is forwarded at once.`}
      </p>
      <form
        class="form"
        onSubmit={(e) => {
          e.preventDefault();
          save({ password }, `Password saved. The next ${visit} asks for it.`);
        }}
      >
        {(errors.form ?? errors.field.gate) ? <Notice tone="error">{errors.form ?? errors.field.gate}</Notice> : null}
        {done && !update.isPending && !update.error ? <Notice tone="success">{done}</Notice> : null}
        <TextField
          label={protectedNow ? 'New password' : 'Password'}
          type="password"
          autoComplete="new-password"
          minLength={GATE_PASSWORD_MIN}
          maxLength={128}
          required
          value={password}
          onInput={(value) => {
            setPassword(value);
            setDone(null);
          }}
          hint={`${GATE_PASSWORD_MIN} to 128 characters. Share it with the people who should get through.`}
        />
        <div class="actions actions-start">
          <Button type="submit" busy={update.isPending} disabled={[...password].length < GATE_PASSWORD_MIN}>
            {protectedNow ? 'Replace the password' : 'Protect with this password'}
          </Button>
          {protectedNow ? (
            <Button variant="secondary" onClick={() => save(null, `Password removed. Every ${visit} is forwarded at once.`)}>
              Remove the password
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
