import { useLocation } from 'preact-iso';
import { ButtonLink } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { Section } from '../../../components/ui/section';
import { Empty } from '../../../components/ui/states';
import { PrintOptions } from './print-options';
import { PrintRunStatus } from './print-run-status';
import { PrintSourceText, sourceOf } from './print-source';
import '../jobs.css';

/**
 * A print run of a set of codes (chosen on the codes list, a folder's, or an import's): the options
 * with a sheet preview, then the run's progress, kept in the address (`&run=`) so a reload finds it.
 */
export function PrintRunPage() {
  const { query, path, route } = useLocation();
  const source = sourceOf(query);
  const { run: _run, ...rest } = definedOf(query);
  const optionsUrl = `${path}?${new URLSearchParams(rest).toString()}`;
  const actions = (
    <div class="page-links">
      {query.run && source ? <a href={optionsUrl}>Change the options</a> : null}
      <a href="/app/jobs">All jobs</a>
    </div>
  );
  if (!source && !query.run)
    return (
      <Page title="Print run" actions={actions}>
        <Empty title="Choose the codes first">
          <p>Select codes on the list, or start from a folder or a finished import.</p>
          <ButtonLink href="/app/codes">Choose codes</ButtonLink>
        </Empty>
      </Page>
    );
  return (
    <Page title="Print run" actions={actions}>
      {source ? (
        <p class="print-source">
          <PrintSourceText source={source} />
        </p>
      ) : null}
      {query.run ? (
        <Section id="print-progress" title="Progress" card>
          <PrintRunStatus key={query.run} id={query.run} />
        </Section>
      ) : (
        <Section id="print-options" title="Options" card>
          <PrintOptions
            source={source!}
            onStarted={(job) => route(`${path}?${new URLSearchParams({ ...rest, run: job.id }).toString()}`)}
          />
        </Section>
      )}
    </Page>
  );
}

const definedOf = (query: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
