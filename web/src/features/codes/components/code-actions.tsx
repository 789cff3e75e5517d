import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ErrorMessage } from '../../../components/ui/states';
import { useCloneCode } from '../api/clone-code';
import type { Code } from '../api/get-codes';
import { useUpdateCode } from '../api/update-code';

/** Pause or resume, clone, archive (after confirming). */
export function CodeActions({ code }: { code: Code }) {
  const { update, archive } = useUpdateCode(code.id);
  const clone = useCloneCode(code.id);
  const { route } = useLocation();
  const [confirming, setConfirming] = useState(false);
  const paused = code.status === 'paused';
  const archived = code.status === 'archived';
  const failure = update.error ?? archive.error ?? clone.error;
  return (
    <section class="card" aria-labelledby="state-heading">
      <h2 id="state-heading">{archived ? 'Copy' : 'Pause, copy or archive'}</h2>
      {failure ? <ErrorMessage error={failure} /> : null}
      {code.mode === 'dynamic' && !archived ? (
        <p class="muted">
          {paused
            ? 'Paused: scans show a "temporarily paused" page instead of forwarding.'
            : 'Pausing shows a "temporarily paused" page instead of forwarding, until you resume.'}
        </p>
      ) : null}
      <p class="muted">A copy has the same destination, design, rules and password, its own address, and no history.</p>
      <div class="actions actions-start">
        {code.mode === 'dynamic' && !archived ? (
          <Button
            variant="secondary"
            busy={update.isPending}
            onClick={() => update.mutate({ status: paused ? 'active' : 'paused' })}
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          busy={clone.isPending}
          onClick={() => clone.mutate(undefined, { onSuccess: (copy) => route(`/app/codes/${copy.id}`) })}
        >
          Clone
        </Button>
        {archived ? null : (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Archive…
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Archive "${code.name}"?`}
        confirmLabel="Archive the code"
        busy={archive.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => archive.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        <p>
          People who scan it will see a page saying it is no longer active, and it stops counting scans. Archiving cannot be
          undone; its figures stay.
        </p>
      </ConfirmDialog>
    </section>
  );
}
