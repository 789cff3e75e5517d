import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';

/** A page's heading and title; every page has exactly one h1. */
export function Page({ title, actions, children }: { title: string; actions?: ComponentChildren; children: ComponentChildren }) {
  useEffect(() => {
    document.title = `${title} · qrelay`;
  }, [title]);
  return (
    <>
      <div class="page-header">
        <h1>{title}</h1>
        {actions ? <div class="page-actions">{actions}</div> : null}
      </div>
      {children}
    </>
  );
}
