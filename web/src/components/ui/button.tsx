import type { ComponentChildren, JSX } from 'preact';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

export function Button({
  variant = 'primary',
  busy = false,
  children,
  ...rest
}: Omit<JSX.ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: Variant;
  busy?: boolean;
  type?: 'button' | 'submit';
  children: ComponentChildren;
}) {
  return (
    <button
      type="button"
      {...rest}
      class={`btn btn-${variant}`}
      disabled={busy || Boolean(rest.disabled)}
      aria-busy={busy || undefined}
    >
      {busy ? <span class="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A link styled as a button (navigation, not an action). */
export function ButtonLink({
  href,
  variant = 'primary',
  children,
}: {
  href: string;
  variant?: Variant;
  children: ComponentChildren;
}) {
  return (
    <a class={`btn btn-${variant}`} href={href}>
      {children}
    </a>
  );
}
