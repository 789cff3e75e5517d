import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/states';
import { useDeleteContent, usePublishContent, type AnyContent, type Kind } from '../api/content';
import { useMakeCode } from '../api/make-code';

const SINGULAR = { forms: 'form', pages: 'page', cards: 'card' } as const;
const STATUS = { draft: 'Draft', published: 'Published', unpublished: 'Unpublished' } as const;

/** Where the content lives and what can be done to it: publish, a QR code leading to it, delete. */
export function ContentActions({ kind, content, canWrite }: { kind: Kind; content: AnyContent; canWrite: boolean }) {
  const { route } = useLocation();
  const publish = usePublishContent(kind, content.id);
  const remove = useDeleteContent(kind);
  const makeCode = useMakeCode();
  const [confirming, setConfirming] = useState(false);
  const live = content.status === 'published';
  const noun = SINGULAR[kind];
  const error = publish.error ?? makeCode.error ?? remove.error;
  return (
    <div class="content-actions">
      <p>
        <span class={`badge badge-${live ? 'active' : 'paused'}`}>{STATUS[content.status]}</span>{' '}
        {live ? 'Visitors see it at' : 'Once published, visitors see it at'}{' '}
        <a href={content.url} target="_blank" rel="noopener">
          {content.url}
        </a>
      </p>
      {error ? <Notice tone="error">{(error as Error).message}</Notice> : null}
      <div class="actions actions-start">
        <CopyButton value={content.url} label="Copy address" />
        {canWrite ? (
          <>
            <Button variant={live ? 'secondary' : 'primary'} busy={publish.isPending} onClick={() => publish.mutate(!live)}>
              {live ? 'Unpublish' : 'Publish'}
            </Button>
            <Button
              variant="secondary"
              busy={makeCode.isPending}
              onClick={() =>
                makeCode.mutate(
                  { name: content.name, type: noun, id: content.id },
                  { onSuccess: (code) => route(`/app/codes/${code.id}/design`) },
                )
              }
            >
              Make a QR code
            </Button>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete the ${noun} "${content.name}"?`}
        confirmLabel={`Delete the ${noun}`}
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(content.id, { onSuccess: () => route(`/app/${kind}`) })}
      >
        <p>
          Its address stops working{kind === 'pages' ? '' : ' and every reply sent through it is deleted'}. Codes leading to it
          show a "not available" page until you repoint them. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
