import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/states';
import { formErrors } from '../../../lib/form-errors';
import { EmailField } from './auth-fields';
import { useForgotPassword } from '../api/session-mutations';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const forgot = useForgotPassword();
  const errors = formErrors(forgot.error, ['email']);
  if (forgot.isSuccess) {
    return (
      <Notice tone="success">
        If <strong>{email}</strong> belongs to an active person, a link to set a new password is on its way. It works once, within
        an hour.
      </Notice>
    );
  }
  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        forgot.mutate({ email });
      }}
    >
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
      <EmailField value={email} onInput={setEmail} error={errors.field.email} />
      <Button type="submit" busy={forgot.isPending}>
        Send the link
      </Button>
      <p class="muted">
        <a href="/app/sign-in">Back to sign-in</a>
      </p>
    </form>
  );
}
