import { useMemo, useState } from 'preact/hooks';
import { Button } from '../../../components/ui/button';
import { Field, TextField } from '../../../components/ui/field';
import { Section } from '../../../components/ui/section';
import { ErrorMessage, Notice } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { formatCount, formatNumber } from '../../../lib/format';
import { hasEnded, useJob, type Job } from '../api/get-job';
import { reasonPlace, sourceInfo, SOURCES, type ImportAs, type ImportSource } from '../api/import-sources';
import { newKey } from '../api/new-key';
import { useStartImport, type ImportInput } from '../api/start-import';
import { ErrorsTable } from './errors-table';
import { JobFileLink } from './job-file-link';
import { JobProgress } from './job-progress';

type Via = 'file' | 'api';
type Place = 'apiKey' | 'url' | 'file' | 'form';

/**
 * Moving links in before anything is written: choose the service, then its export file or its API (address
 * and key), and what to make; "Check first" reads and checks every record (nothing written) and lists the
 * rows that would be left out; "Import N" then runs it for real. The Idempotency-Key is made once per
 * file or request, so a second click or a retry answers the same job. What was typed is kept throughout.
 */
export function MoveInSteps({ onStarted }: { onStarted: (job: Job) => void }) {
  const [source, setSource] = useState<ImportSource>('bitly');
  const [viaChosen, setVia] = useState<Via>('file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [as, setAs] = useState<ImportAs>('links');
  const [missing, setMissing] = useState<Partial<Record<Place, string>>>({});
  const [checkId, setCheckId] = useState<string | null>(null);
  const check = useStartImport();
  const create = useStartImport();
  const checked = useJob(checkId);
  const info = sourceInfo(source);
  const via: Via = !info.file ? 'api' : !info.api ? 'file' : viaChosen;
  const key = useMemo(newKey, [source, via, file, url, apiKey, as]);

  /** Any change makes the last check stale: it is forgotten, and so is a refused request. */
  const change = (apply: () => void) => {
    apply();
    setCheckId(null);
    setMissing({});
    check.reset();
    create.reset();
  };
  const input = (dryRun: boolean): ImportInput | null =>
    via === 'file' ? file && { via, source, file, as, dryRun } : { via, source, url, apiKey, as, dryRun };
  const runCheck = () => {
    const lacking: Partial<Record<Place, string>> = {};
    if (via === 'file' && !file) lacking.file = `Choose the ${info.label} export file.`;
    if (via === 'api' && !url.trim()) lacking.url = `Type the address of your ${info.label} server.`;
    if (via === 'api' && !apiKey.trim()) lacking.apiKey = `Type the ${info.api?.key.toLowerCase() ?? 'API key'}.`;
    setMissing(lacking);
    const body = input(true);
    if (Object.keys(lacking).length > 0 || !body) return;
    setCheckId(null);
    create.reset();
    check.mutate(body, { onSuccess: (job) => setCheckId(job.id) });
  };
  const runImport = () => {
    const body = input(false);
    if (body) create.mutate({ ...body, idempotencyKey: key }, { onSuccess: onStarted });
  };

  const job = checked.data;
  const checking = check.isPending || (job !== undefined && !hasEnded(job));
  const busy = checking || create.isPending;
  // Where a refusal belongs: the request's own (400) beside the field it names, the check's reason likewise.
  const refusedField = check.error instanceof ApiError ? check.error.fieldIn(['url', 'apiKey', 'file', 'source']) : null;
  const failed = job?.status === 'failed' ? (job.reason ?? 'The check failed.') : null;
  const place = failed
    ? reasonPlace(
        failed,
        via,
        job!.errors.some((e) => e.row === 0 && e.field === 'file'),
      )
    : null;
  const errorAt = (p: Place): string | null =>
    missing[p] ??
    (refusedField === p && check.error instanceof Error ? check.error.message.replace(/^body\./, '') : null) ??
    (place === p ? failed : null);
  const [one, many] = as === 'codes' ? (['QR code', 'QR codes'] as const) : (['link', 'links'] as const);

  return (
    <>
      <Section id="move-in-source" title="1. Where from" card>
        <fieldset class="field">
          <legend>Service</legend>
          <div class="source-choices">
            {SOURCES.map((s) => (
              <label key={s.key} class="choice source-choice">
                <input
                  type="radio"
                  name="move-in-source"
                  value={s.key}
                  checked={source === s.key}
                  disabled={busy}
                  onChange={() => change(() => setSource(s.key))}
                />
                <span>
                  <strong>{s.label}</strong>
                  <span class="muted source-hint">{s.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </Section>
      <Section id="move-in-what" title={`2. What to bring from ${info.label}`} card>
        <form
          class="stack move-in-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            runCheck();
          }}
        >
          {info.file && info.api ? (
            <fieldset class="field">
              <legend>Read</legend>
              <div class="segmented">
                {(['file', 'api'] as const).map((v) => (
                  <label key={v} class="choice">
                    <input
                      type="radio"
                      name="move-in-via"
                      value={v}
                      checked={via === v}
                      disabled={busy}
                      onChange={() => change(() => setVia(v))}
                    />
                    <span>{v === 'file' ? 'Its export file' : 'Read from its API'}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          {via === 'file' ? (
            <div class="drop-zone">
              <Field label={`${info.label} export file`} error={errorAt('file')} hint={info.hint}>
                {(a11y) => (
                  <input
                    {...a11y}
                    type="file"
                    accept=".csv,text/csv"
                    disabled={busy}
                    onChange={(e) => {
                      const chosen = e.currentTarget.files?.[0] ?? null;
                      change(() => setFile(chosen));
                    }}
                  />
                )}
              </Field>
              {file ? (
                <p class="file-summary" role="status">
                  <strong>{file.name}</strong>: {formatNumber(Math.max(1, Math.round(file.size / 1024)))} KB.
                </p>
              ) : null}
            </div>
          ) : info.api ? (
            <div class="stack">
              <TextField
                label={info.api.url}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellcheck={false}
                placeholder="https://"
                value={url}
                disabled={busy}
                hint={info.api.urlHint}
                error={errorAt('url')}
                onInput={(v) => change(() => setUrl(v))}
              />
              <TextField
                label={info.api.key}
                type="password"
                autoComplete="off"
                value={apiKey}
                disabled={busy}
                hint={info.api.keyHint}
                error={errorAt('apiKey')}
                onInput={(v) => change(() => setApiKey(v))}
              />
            </div>
          ) : null}
          <fieldset class="field">
            <legend>Make</legend>
            <div class="segmented">
              {(['links', 'codes'] as const).map((a) => (
                <label key={a} class="choice">
                  <input
                    type="radio"
                    name="move-in-as"
                    value={a}
                    checked={as === a}
                    disabled={busy}
                    onChange={() => change(() => setAs(a))}
                  />
                  <span>{a === 'links' ? 'Short links' : 'QR codes'}</span>
                </label>
              ))}
            </div>
            <p class="field-hint">
              Endings, titles, tags and creation dates come along; the old visit counts are kept as a figure.
            </p>
          </fieldset>
          {check.error && !refusedField ? <ErrorMessage error={check.error} /> : null}
          {place === 'form' && failed ? <Notice tone="error">{failed}</Notice> : null}
          <div class="actions actions-start">
            <Button type="submit" variant={job?.status === 'succeeded' ? 'secondary' : 'primary'} busy={checking} disabled={busy}>
              Check first
            </Button>
          </div>
        </form>
      </Section>
      {job && (!hasEnded(job) || job.status === 'succeeded') ? (
        <Section id="move-in-check" title="3. Check">
          {!hasEnded(job) ? (
            <JobProgress job={job} label="Checking" />
          ) : (
            <div class="stack">
              <Notice tone={job.total > 0 ? 'success' : 'info'}>
                <strong>
                  {formatCount(job.total, `${one} ready`, `${many} ready`)}; {formatNumber(job.errorCount)} left out.
                </strong>{' '}
                Nothing has been written yet.
              </Notice>
              {job.errors.length > 0 ? <ErrorsTable errors={job.errors} caption="Rows left out" /> : null}
              {job.errorCount > job.errors.length ? (
                <p>
                  The first {formatNumber(job.errors.length)} of {formatNumber(job.errorCount)} rows left out are shown; the
                  report lists them all.
                </p>
              ) : null}
              {job.file ? (
                <p>
                  <JobFileLink job={job}>Download the check’s report (CSV)</JobFileLink>
                </p>
              ) : null}
              {create.error ? <ErrorMessage error={create.error} /> : null}
              {job.total > 0 ? (
                <div class="actions actions-start">
                  <Button busy={create.isPending} disabled={busy} onClick={runImport}>
                    Import {formatCount(job.total, one, many)}
                  </Button>
                </div>
              ) : null}
            </div>
          )}
        </Section>
      ) : checked.isError ? (
        <ErrorMessage error={checked.error} retry={() => void checked.refetch()} />
      ) : null}
    </>
  );
}
