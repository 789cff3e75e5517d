import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ErrorMessage } from '../../../components/ui/states';
import { linkTitle, useUpdateLink, type Link } from '../api/links';

/** Pause or resume, and archive after confirming. */
export function LinkActions({ link }: { link: Link }) {
  const { update, archive } = useUpdateLink(link.id);
  const [confirming, setConfirming] = useState(false);
  const paused = link.status === 'paused';
  return (
    <section class="card" aria-labelledby="link-state-heading">
      <h2 id="link-state-heading">Pause or archive</h2>
      {(update.error ?? archive.error) ? <ErrorMessage error={update.error ?? archive.error} /> : null}
      <p class="muted">
        {paused
          ? 'Paused: visitors see a "temporarily paused" page instead of being forwarded.'
          : 'Pausing shows a "temporarily paused" page instead of forwarding, until you resume.'}
      </p>
      <div class="actions actions-start">
        <Button
          variant="secondary"
          busy={update.isPending}
          onClick={() => update.mutate({ status: paused ? 'active' : 'paused' })}
        >
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Archive…
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Archive "${linkTitle(link)}"?`}
        confirmLabel="Archive the link"
        busy={archive.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => archive.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        <p>
          Visitors will see a page saying it is no longer active, and it stops counting clicks. Archiving cannot be undone; its
          ending stays taken and its figures stay.
        </p>
      </ConfirmDialog>
    </section>
  );
}
