import type { ComponentChildren } from 'preact';
import { ApiError } from '../../lib/api-client';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div class="state" role="status">
      <span class="spinner" aria-hidden="true" /> {label}
    </div>
  );
}

/**
 * A failed read: the reason, and "Try again" when trying again can help. Something that does not exist
 * (a 404) is said so, with `back` as the way out instead of a retry that would fail the same way.
 */
export function ErrorMessage({
  error,
  retry,
  back,
}: {
  error: unknown;
  retry?: () => void;
  back?: { href: string; label: string };
}) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  if (error instanceof ApiError && error.status === 404)
    return (
      <div class="alert alert-error" role="alert">
        <p>This does not exist: it may have been deleted, or the address is mistyped.</p>
        {back ? <a href={back.href}>{back.label}</a> : null}
      </div>
    );
  return (
    <div class="alert alert-error" role="alert">
      <p>{message}</p>
      {retry ? (
        <button type="button" class="btn btn-secondary" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="state state-empty">
      <p class="state-title">{title}</p>
      {children}
    </div>
  );
}

export function Notice({ tone = 'info', children }: { tone?: 'info' | 'success' | 'error'; children: ComponentChildren }) {
  return (
    <div class={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
