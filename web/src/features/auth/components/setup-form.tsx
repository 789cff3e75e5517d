import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { EmailField, NewPasswordField } from './auth-fields';
import { useSetup } from '../api/session-mutations';

/** First run: the operator names the first account and becomes its owner. */
export function SetupForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [accountName, setAccountName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const setup = useSetup();
  const errors = formErrors(setup.error, ['accountName', 'email', 'password', 'token']);
  if (!token)
    return <Notice tone="error">This address lacks its set-up token. Use the address the server printed when it started.</Notice>;
  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        setup.mutate({ token, accountName, email, password }, { onSuccess: onDone });
      }}
    >
      {errors.form || errors.field.token ? <Notice tone="error">{errors.form ?? errors.field.token}</Notice> : null}
      <TextField
        label="Company or team name"
        required
        maxLength={200}
        value={accountName}
        onInput={setAccountName}
        error={errors.field.accountName}
      />
      <EmailField label="Your e-mail address" value={email} onInput={setEmail} error={errors.field.email} />
      <NewPasswordField label="Choose a password" value={password} onInput={setPassword} error={errors.field.password} />
      <Button type="submit" busy={setup.isPending}>
        Create the account
      </Button>
    </form>
  );
}
