import type { ComponentChildren } from 'preact';
import { Button } from './button';
import { CopyButton } from './copy-button';
import { Notice } from './states';

/** A secret shown this once (an API token, a signing secret), with a copy button and a way to move on. */
export function SecretOnce({
  children,
  value,
  name,
  onDone,
}: {
  children: ComponentChildren;
  value: string;
  /** What the secret is, for the copy button and assistive technology ("token", "signing secret"). */
  name: string;
  onDone: () => void;
}) {
  return (
    <div class="stack">
      <Notice tone="success">{children}</Notice>
      <div class="secret">
        <code aria-label={`The new ${name}`}>{value}</code>
        <CopyButton value={value} label={`Copy ${name}`} />
      </div>
      <div class="actions actions-start">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
