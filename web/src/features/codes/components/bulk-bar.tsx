import { useState } from 'preact/hooks';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { named, SelectField } from '../../../components/ui/select-field';
import { Notice } from '../../../components/ui/states';
import { useBulkCodes, type BulkAction } from '../api/bulk-codes';
import type { Folder } from '../api/get-folders';

const plural = (n: number) => `${n} code${n === 1 ? '' : 's'}`;

/** What can be done to the selected codes at once: move them to a folder, print them, or archive them. */
export function BulkBar({ ids, folders, onDone }: { ids: string[]; folders: Folder[]; onDone: () => void }) {
  const bulk = useBulkCodes();
  const [folderId, setFolderId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const run = (action: BulkAction) =>
    bulk.mutate(
      { ids, action },
      {
        onSuccess: (result) => {
          setConfirming(false);
          if (result.failed.length === 0) onDone();
        },
      },
    );
  const result = bulk.data;
  return (
    <div class="bulk-bar" role="region" aria-label="Selected codes">
      <p class={ids.length ? 'bulk-count' : 'bulk-count muted'} aria-live="polite">
        {ids.length ? <strong>{`${plural(ids.length)} selected`}</strong> : 'Select codes to act on several at once.'}
      </p>
      {result ? (
        result.failed.length ? (
          <Notice tone="error">
            {result.done} done; {result.failed.length} refused: {result.failed.map((f) => f.message).join(' ')}
          </Notice>
        ) : (
          <Notice tone="success">Done for {plural(result.done)}.</Notice>
        )
      ) : null}
      {ids.length ? (
        <div class="bulk-actions">
          <SelectField label="Move to" none="No folder" value={folderId} options={named(folders)} onChange={setFolderId} />
          <Button variant="secondary" busy={bulk.isPending} onClick={() => run({ kind: 'move', folderId: folderId || null })}>
            Move
          </Button>
          <ButtonLink variant="secondary" href={`/app/codes/print?codes=${ids.map(encodeURIComponent).join(',')}`}>
            Print run…
          </ButtonLink>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Archive selected…
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Archive ${plural(ids.length)}?`}
        confirmLabel={`Archive ${plural(ids.length)}`}
        busy={bulk.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => run({ kind: 'archive' })}
      >
        <p>
          People who scan them will see a page saying they are no longer active, and they stop counting scans. Archiving cannot be
          undone; their figures stay.
        </p>
      </ConfirmDialog>
    </div>
  );
}
