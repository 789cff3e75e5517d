import type { ComponentChildren } from 'preact';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div class="state" role="status">
      <span class="spinner" aria-hidden="true" /> {label}
    </div>
  );
}

export function ErrorMessage({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
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
