import { Button } from '../../../components/ui/button';
import { usePasskeySignIn } from '../api/session-mutations';

/** "Sign in with a passkey": the device's own prompt, then signed in (or the second factor given). */
export function PasskeyButton({ label, onSignedIn }: { label: string; onSignedIn: () => void }) {
  const passkey = usePasskeySignIn();
  const error =
    passkey.error instanceof Error && passkey.error.name === 'NotAllowedError'
      ? 'No passkey was used (cancelled or timed out).'
      : passkey.error instanceof Error
        ? passkey.error.message
        : null;
  return (
    <div class="stack">
      <Button
        variant="secondary"
        busy={passkey.isPending}
        onClick={() => passkey.mutate(undefined, { onSuccess: (result) => (result?.data.user ? onSignedIn() : undefined) })}
      >
        {label}
      </Button>
      {error ? (
        <p class="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
