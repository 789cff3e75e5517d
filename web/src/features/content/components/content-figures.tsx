import { useState } from 'preact/hooks';
import { QueryView } from '../../../components/ui/query-view';
import { SelectField } from '../../../components/ui/select-field';
import { formatNumber } from '../../../lib/format';
import { useContentAnalytics, type Kind } from '../api/content';

const WINDOWS = [
  ['7', 'Last 7 days'],
  ['30', 'Last 30 days'],
  ['365', 'Last 365 days'],
] as const;

/** Views, unique visitors and, for a form, submissions and conversion (robots excluded). */
export function ContentFigures({ kind, id }: { kind: Kind; id: string }) {
  const [days, setDays] = useState<'7' | '30' | '365'>('30');
  const figures = useContentAnalytics(kind, id, Number(days));
  return (
    <section class="stack" aria-labelledby="figures-title">
      <h2 id="figures-title">Visits</h2>
      <div class="figures-period">
        <SelectField label="Period" value={days} options={WINDOWS} onChange={setDays} />
      </div>
      <QueryView query={figures} loading="Loading the figures…">
        {(data) => (
          <dl class="totals">
            <div class="total">
              <dt>Views</dt>
              <dd>
                <span class="total-value">{formatNumber(data.views)}</span>
              </dd>
            </div>
            <div class="total">
              <dt>Unique visitors</dt>
              <dd>
                <span class="total-value">{formatNumber(data.uniqueVisitors)}</span>
              </dd>
            </div>
            {data.submissions === null ? null : (
              <div class="total">
                <dt>Submissions</dt>
                <dd>
                  <span class="total-value">{formatNumber(data.submissions)}</span>
                </dd>
              </div>
            )}
            {data.conversionRate === null ? null : (
              <div class="total">
                <dt>Conversion</dt>
                <dd>
                  <span class="total-value">{`${(data.conversionRate * 100).toFixed(1)}%`}</span>
                </dd>
              </div>
            )}
          </dl>
        )}
      </QueryView>
      <p class="field-hint">Automated traffic is excluded; scans of codes leading here are counted on the codes.</p>
    </section>
  );
}
