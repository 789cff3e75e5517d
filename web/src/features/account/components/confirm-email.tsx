import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/states';
import { useConfirmEmail } from '../api/own-credentials';

/** Confirms a new address with the link's token, on a click (a mail scanner opening the link changes nothing). */
export function ConfirmEmail({ token }: { token: string }) {
  const confirm = useConfirmEmail();
  if (confirm.data)
    return (
      <div class="stack">
        <Notice tone="success">
          Done: you now sign in with <strong>{confirm.data.email}</strong>.
        </Notice>
        <p>
          <a href="/app/codes">Open qrelay</a>
        </p>
      </div>
    );
  return (
    <div class="stack">
      {confirm.error instanceof Error ? <Notice tone="error">{confirm.error.message}</Notice> : null}
      <Button busy={confirm.isPending} disabled={!token} onClick={() => confirm.mutate({ token })}>
        Confirm the new address
      </Button>
    </div>
  );
}
