import type { ComponentChildren } from 'preact';
import { CopyButton } from './copy-button';
import { Notice } from './states';
import './handover-link.css';

/**
 * A single-use link this server could not mail (no mail is configured), shown once to the person who
 * made it, to copy and hand over by other means.
 */
export function HandoverLink({ url, name, children }: { url: string; name: string; children: ComponentChildren }) {
  return (
    <div class="stack handover">
      <Notice tone="success">{children}</Notice>
      <div class="secret">
        <code aria-label={`The ${name}`}>{url}</code>
        <CopyButton value={url} label={`Copy the ${name}`} />
      </div>
      <p class="muted">It is shown this once. Send it to them yourself, by a channel you trust.</p>
    </div>
  );
}

/** Tells the operator, where it matters, that this server sends no mail and what happens instead. */
export function NoMailBanner() {
  return (
    <Notice tone="info">
      <strong>This server sends no mail.</strong> Invitations, password resets and address confirmations are shown here as a link
      to copy and hand over yourself. To mail them, the operator sets <code>SMTP_URL</code> (and <code>MAIL_FROM</code>) and
      restarts qrelay.
    </Notice>
  );
}
