import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { useSecondFactor, useSignOut } from '../api/session-mutations';
import { PasskeyButton } from './passkey-button';

/** The second step of signing in: a code from the authenticator app, or a recovery code. */
export function SecondFactorForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [code, setCode] = useState('');
  const verify = useSecondFactor();
  const restart = useSignOut();
  const error = verify.error;
  // A wrong or reused code belongs beside the field; too many attempts, or an expired pause, above the form.
  const beside = error instanceof ApiError && error.code === 'invalid_request' ? error.message : null;
  const above = error instanceof Error && !beside ? error.message : null;
  return (
    <form
      class="form"
      onSubmit={(e) => {
        e.preventDefault();
        verify.mutate({ code: code.trim() }, { onSuccess: (result) => (result?.data.user ? onSignedIn() : undefined) });
      }}
    >
      <p>Your password was right. Now enter the code your authenticator app shows for qrelay.</p>
      {above ? <Notice tone="error">{above}</Notice> : null}
      <TextField
        label="Code from your authenticator app"
        autoComplete="one-time-code"
        required
        maxLength={40}
        hint="Six digits. Lost your phone? Enter one of your recovery codes instead."
        value={code}
        onInput={setCode}
        error={beside}
      />
      <Button type="submit" busy={verify.isPending}>
        Sign in
      </Button>
      <PasskeyButton label="Use a passkey instead" onSignedIn={onSignedIn} />
      <Button variant="ghost" busy={restart.isPending} onClick={() => restart.mutate(undefined)}>
        Start again
      </Button>
    </form>
  );
}
