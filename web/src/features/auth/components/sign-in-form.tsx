import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { EmailField } from './auth-fields';
import { useSignIn } from '../api/session-mutations';
import { useSession } from '../api/get-session';
import { PasskeyButton } from './passkey-button';
import { SecondFactorForm } from './second-factor-form';

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const errors = formErrors(signIn.error, ['email', 'password']);
  const session = useSession();
  if (session.data?.secondFactorPending) return <SecondFactorForm onSignedIn={onSignedIn} />;
  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        signIn.mutate({ email, password }, { onSuccess: (result) => (result?.data.user ? onSignedIn() : undefined) });
      }}
    >
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
      <EmailField value={email} onInput={setEmail} error={errors.field.email} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onInput={setPassword}
        error={errors.field.password}
      />
      <Button type="submit" busy={signIn.isPending}>
        Sign in
      </Button>
      <PasskeyButton label="Sign in with a passkey" onSignedIn={onSignedIn} />
      <p class="muted">
        <a href="/app/forgot-password">Forgot your password?</a>
      </p>
    </form>
  );
}
