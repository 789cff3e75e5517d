import type { ComponentChildren, JSX } from 'preact';
import './inline-form.css';

/** A one-field form with its button beside the field on a wide screen, under it on a phone. */
export function InlineForm({
  onSubmit,
  children,
}: {
  onSubmit: JSX.GenericEventHandler<HTMLFormElement>;
  children: ComponentChildren;
}) {
  return (
    <form
      class="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(e);
      }}
    >
      {children}
    </form>
  );
}
