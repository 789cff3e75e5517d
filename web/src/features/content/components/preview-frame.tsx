import { useEffect, useRef } from 'preact/hooks';
import { currentCsrfToken } from '../../../lib/api-client';
import { useDebounced } from '../../../lib/use-debounced';
import type { Kind } from '../api/content';

/**
 * The live preview (ADR 0093): the draft is posted as a plain form into a sandboxed frame, where the
 * service renders it with the public page's own views (no script runs in it, and nothing is stored).
 */
export function PreviewFrame({ kind, draft }: { kind: Kind; draft: object }) {
  const form = useRef<HTMLFormElement>(null);
  const json = useDebounced(JSON.stringify(draft), 400);
  const target = `preview-${kind}`;
  useEffect(() => form.current?.submit(), [json]);
  return (
    <section class="preview-pane" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      <form
        ref={form}
        method="post"
        action={`/app/api/v1/previews/${kind}?csrf=${encodeURIComponent(currentCsrfToken())}`}
        target={target}
        hidden
      >
        <input type="hidden" name="draft" value={json} />
      </form>
      <iframe name={target} title="Preview of the public page" sandbox="" class="preview-frame" />
      <p class="field-hint">Shown as visitors will see it once saved; its form cannot be sent from here.</p>
    </section>
  );
}
