import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ErrorMessage, Notice } from '../../../components/ui/states';
import { formatNumber } from '../../../lib/format';
import { useClearScans } from '../api/clear-scans';
import type { Code } from '../api/get-codes';

/** Destroys the scan history after a confirmation that says what goes and that it cannot be undone. */
export function ClearScans({ code }: { code: Code }) {
  const clear = useClearScans(code.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <section class="card" aria-labelledby="clear-heading">
      <h2 id="clear-heading">Scan history</h2>
      <p class="muted">Start counting again from zero, for example after testing a code before it is printed.</p>
      {clear.error ? <ErrorMessage error={clear.error} /> : null}
      {clear.isSuccess ? (
        <Notice tone="success">
          Scan history cleared: {formatNumber(clear.data.eventsRemoved)} recorded scan
          {clear.data.eventsRemoved === 1 ? '' : 's'} destroyed.
        </Notice>
      ) : null}
      <div class="actions actions-start">
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Clear scans…
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Clear all scans of "${code.name}"?`}
        confirmLabel="Destroy the scan history"
        busy={clear.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => clear.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        <p>
          This destroys every recorded scan of this code ({formatNumber(code.scans)} counted so far), its daily totals and
          analytics, the alerts raised from them, and resets the counter to 0.
        </p>
        <p>
          <strong>This cannot be undone.</strong> The code, its address and every printed copy keep working.
        </p>
      </ConfirmDialog>
    </section>
  );
}
