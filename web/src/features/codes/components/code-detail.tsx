import { ButtonLink } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading, Notice } from '../../../components/ui/states';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useCode } from '../api/get-code';
import type { Code } from '../api/get-codes';
import { ClearScans } from './clear-scans';
import { CodeActions } from './code-actions';
import { EditCode } from './edit-code';
import { PasswordGate } from './password-gate';
import { Placements } from './placements';
import { RulesEditor } from './rules-editor';
import { StatusBadge } from './status-badge';
import '../codes.css';

/** What the signed-in person may do here (their role's scopes). */
export interface Abilities {
  write: boolean;
  analytics: boolean;
}

/** One code: its address, its figures, and what can be changed about it. */
export function CodeDetail({ id, can }: { id: string; can: Abilities }) {
  const code = useCode(id);
  if (code.isPending)
    return (
      <Page title="Code">
        <Loading label="Loading the code…" />
      </Page>
    );
  if (code.isError)
    return (
      <Page title="Code">
        <ErrorMessage
          error={code.error}
          retry={() => void code.refetch()}
          back={{ href: '/app/codes', label: 'Back to all codes' }}
        />
      </Page>
    );
  return (
    <Page
      title={code.data.name}
      actions={
        <span class="header-links">
          <a href="/app/codes">All codes</a>
          <ButtonLink href={`/app/codes/${id}/design`}>Design and export</ButtonLink>
        </span>
      }
    >
      <CodeView code={code.data} can={can} />
    </Page>
  );
}

function CodeView({ code, can }: { code: Code; can: Abilities }) {
  const archived = code.status === 'archived';
  const dynamic = code.mode === 'dynamic';
  return (
    <div class="stack">
      <div class="grid-2">
        <section class="card" aria-labelledby="address-heading">
          <h2 id="address-heading">{dynamic ? 'Short address' : 'Encoded value'}</h2>
          <div class="address-card">
            <img
              class="thumb"
              src={`/app/api/v1/codes/${code.id}/image?format=svg&size=256`}
              alt={`The QR code of ${code.name}`}
              width={144}
              height={144}
            />
            <div>
              <p class="address">
                <code>{code.encode}</code>
              </p>
              <div class="actions actions-start">
                <CopyButton value={code.encode} label="Copy address" />
                {dynamic ? (
                  <a class="btn btn-ghost btn-small" href={code.encode} target="_blank" rel="noopener noreferrer">
                    Open<span class="visually-hidden"> the short address in a new tab</span>
                  </a>
                ) : null}
              </div>
            </div>
          </div>
          <dl class="facts">
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={code.status} />
              </dd>
            </div>
            <div>
              <dt>Kind</dt>
              <dd>{dynamic ? 'Dynamic' : 'Static'}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatDateTime(code.createdAt)}</dd>
            </div>
            <div>
              <dt>Changed</dt>
              <dd>{formatDateTime(code.updatedAt)}</dd>
            </div>
          </dl>
        </section>
        <section class="card" aria-labelledby="scans-heading">
          <h2 id="scans-heading">Scans</h2>
          <p class="figure">{formatNumber(code.scans)}</p>
          <p class="muted">
            {dynamic
              ? 'Every counted scan since the code was made; robots and previews are left out.'
              : 'Static codes are not counted: the symbol holds the destination itself.'}
          </p>
          {dynamic ? (
            <p>
              <a href={`/app/analytics?code=${code.id}`}>By day, country and device</a>
            </p>
          ) : null}
        </section>
      </div>
      {!can.write ? <Notice>Your role can look at this code but not change it.</Notice> : null}
      {archived ? (
        <Notice>This code is archived: people who scan it see a page saying it is no longer active. It cannot be changed.</Notice>
      ) : can.write ? (
        <>
          <EditCode code={code} />
          {dynamic ? (
            <>
              <RulesEditor code={code} />
              <PasswordGate code={code} />
            </>
          ) : null}
        </>
      ) : null}
      {dynamic ? <Placements code={code} canReadAnalytics={can.analytics} /> : null}
      {can.write ? (
        <>
          <CodeActions code={code} />
          {dynamic ? <ClearScans code={code} /> : null}
        </>
      ) : null}
    </div>
  );
}
