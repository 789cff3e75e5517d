import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { NewPasswordField } from './auth-fields';
import { useSetPassword } from '../api/session-mutations';

/** Invitations and resets alike: a one-time link's token and the new password. */
export function SetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const setIt = useSetPassword();
  const errors = formErrors(setIt.error, ['password']);
  if (!token) return <Notice tone="error">This address lacks its token. Open the link from the message again.</Notice>;
  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        setMismatch(password !== repeat);
        if (password === repeat) setIt.mutate({ token, password }, { onSuccess: onDone });
      }}
    >
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
      <NewPasswordField label="New password" value={password} onInput={setPassword} error={errors.field.password} />
      <TextField
        label="Repeat the password"
        type="password"
        autoComplete="new-password"
        required
        value={repeat}
        onInput={setRepeat}
        error={mismatch ? 'The two passwords differ.' : null}
      />
      <Button type="submit" busy={setIt.isPending}>
        Set password and sign in
      </Button>
    </form>
  );
}
