import type { ComponentChildren } from 'preact';
import { Notice } from './states';

/** A form that stays on the page: submitting calls `onSubmit`, and a refusal not about one field shows above it. */
export function Form({
  onSubmit,
  error,
  inline = false,
  children,
}: {
  onSubmit: () => void;
  error: string | null;
  inline?: boolean;
  children: ComponentChildren;
}) {
  return (
    <form
      class={inline ? 'form inline-form' : 'form'}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {error ? <Notice tone="error">{error}</Notice> : null}
      {children}
    </form>
  );
}
