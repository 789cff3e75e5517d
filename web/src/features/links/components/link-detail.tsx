import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { CopyButton } from '../../../components/ui/copy-button';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading, Notice } from '../../../components/ui/states';
import { formatCount, formatDateTime } from '../../../lib/format';
import { linkTitle, useLink, type Link } from '../api/links';
import { PasswordGate } from '../../codes/components/password-gate';
import { RulesEditor } from '../../codes/components/rules-editor';
import { EditLink } from './edit-link';
import { LinkActions } from './link-actions';
import { LinkStatusBadge } from './status-badge';
import '../links.css';

const FORMATS = [
  ['svg', 'SVG', 1024],
  ['png', 'PNG', 1024],
  ['pdf', 'PDF', 1024],
] as const;

/**
 * One short link: its address and QR image, what can be changed about it (routing rules and a password
 * too, as on a code), and what the page that shows it adds (`panels`: expiry, scheduled changes...;
 * `figures`: its clicks).
 */
export function LinkDetail({
  id,
  canWrite,
  panels,
  figures,
}: {
  id: string;
  canWrite: boolean;
  panels?: ComponentChildren;
  figures?: ComponentChildren;
}) {
  const link = useLink(id);
  if (link.isPending)
    return (
      <Page title="Link">
        <Loading label="Loading the link…" />
      </Page>
    );
  if (link.isError)
    return (
      <Page title="Link">
        <ErrorMessage error={link.error} retry={() => void link.refetch()} />
      </Page>
    );
  const l = link.data;
  const archived = l.status === 'archived';
  return (
    <Page title={linkTitle(l)} actions={<a href="/app/links">All links</a>}>
      <div class="stack">
        <LinkAddress link={l} />
        {!canWrite ? <Notice>Your role can look at this link but not change it.</Notice> : null}
        {archived ? (
          <Notice>This link is archived: visitors see a page saying it is no longer active. It cannot be changed.</Notice>
        ) : canWrite ? (
          <>
            <EditLink link={l} />
            <RulesEditor code={l} kind="links" />
            <PasswordGate code={l} kind="links" />
            {panels}
          </>
        ) : null}
        {figures}
        {canWrite && !archived ? <LinkActions link={l} /> : null}
      </div>
    </Page>
  );
}

function LinkAddress({ link }: { link: Link }) {
  // A service that cannot draw a link's QR image yet answers 404: the image and its downloads are left out.
  const [drawn, setDrawn] = useState(true);
  const image = (format: string, size: number) => `/app/api/v1/links/${link.id}/image?format=${format}&size=${size}`;
  return (
    <section class="card" aria-labelledby="link-address-heading">
      <h2 id="link-address-heading">Short address</h2>
      <div class="link-address">
        {drawn ? (
          <img
            class="link-qr"
            src={image('svg', 256)}
            alt={`QR code of ${linkTitle(link)}`}
            width={144}
            height={144}
            onError={() => setDrawn(false)}
          />
        ) : null}
        <div>
          <p class="address">
            <code>{link.url}</code>
          </p>
          <p class="muted">→ {link.destination}</p>
          <div class="actions actions-start">
            <CopyButton value={link.url} label="Copy address" />
            <a class="btn btn-ghost btn-small" href={link.url} target="_blank" rel="noopener noreferrer">
              Open<span class="visually-hidden"> the short address in a new tab</span>
            </a>
          </div>
          {drawn ? (
            <div class="actions actions-start">
              {FORMATS.map(([format, label, size]) => (
                <a
                  key={format}
                  class="btn btn-secondary btn-small"
                  href={image(format, size)}
                  download={`${link.shortCode}.${format}`}
                >
                  Download {label}
                </a>
              ))}
            </div>
          ) : null}
        </div>
      </div>
      <dl class="facts">
        <div>
          <dt>Status</dt>
          <dd>
            <LinkStatusBadge status={link.status} expired={link.expired} />
          </dd>
        </div>
        <div>
          <dt>Clicks</dt>
          <dd>{formatCount(link.clicks, 'click', 'clicks')}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(link.createdAt)}</dd>
        </div>
        <div>
          <dt>Changed</dt>
          <dd>{formatDateTime(link.updatedAt)}</dd>
        </div>
      </dl>
    </section>
  );
}
