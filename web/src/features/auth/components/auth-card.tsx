import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';

/** The frame of the signed-out pages: the brand and one card. */
export function AuthCard({ title, children }: { title: string; children: ComponentChildren }) {
  useEffect(() => {
    document.title = `${title} · qrelay`;
  }, [title]);
  return (
    <main class="auth" id="main">
      <p class="brand brand-large" aria-hidden="true">
        <span class="brand-mark" />
        qrelay
      </p>
      <div class="card auth-card">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
