import { useRoute } from 'preact-iso';
import { ErrorMessage, Loading } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { FigureTable, Totals } from '../../features/analytics/components/figures';
import { ReportLink } from '../../features/analytics/components/report-link';
import { ScansChart } from '../../features/analytics/components/scans-chart';
import { useSession } from '../../features/auth/api/get-session';
import { LifecyclePanels } from '../../features/lifecycle/components/lifecycle-panels';
import { useLinkAnalytics } from '../../features/links/api/link-analytics';
import { LinkDetail } from '../../features/links/components/link-detail';

const WINDOW_DAYS = 30;
const BREAKDOWNS = [
  ['countries', 'Countries', 'Country'],
  ['devices', 'Devices', 'Device'],
  ['os', 'Operating systems', 'Operating system'],
  ['browsers', 'Browsers', 'Browser'],
] as const;

/** A link's clicks over the last 30 days, drawn with the analytics page's chart and tables, with where and on what. */
function LinkClicks({ id }: { id: string }) {
  const analytics = useLinkAnalytics(id, WINDOW_DAYS);
  // A service without link analytics yet answers 404: the section is left out rather than shown broken.
  if (analytics.error instanceof ApiError && analytics.error.status === 404) return null;
  return (
    <section class="card" aria-labelledby="link-clicks-heading">
      <h2 id="link-clicks-heading">Clicks in the last {WINDOW_DAYS} days</h2>
      {analytics.isPending ? (
        <Loading label="Loading figures…" />
      ) : analytics.isError ? (
        <ErrorMessage error={analytics.error} retry={() => void analytics.refetch()} />
      ) : (
        <div class="stack">
          <Totals
            items={[
              { label: 'Clicks', value: analytics.data.totals.clicks },
              { label: 'Unique visitors', value: analytics.data.totals.uniqueVisitors, hint: 'summed per day' },
            ]}
          />
          <ScansChart label="Clicks" daily={analytics.data.daily.map((d) => ({ ...d, scans: d.clicks }))} />
          <div class="grid-2">
            {BREAKDOWNS.map(([key, caption, single]) => (
              <FigureTable
                key={key}
                caption={caption}
                head={[single, 'Clicks']}
                rows={analytics.data[key].map((c) => [c.value ?? 'Unknown', c.clicks])}
              />
            ))}
            <FigureTable
              caption="Cities"
              head={['City', 'Clicks']}
              rows={analytics.data.cities.map((c) => [[c.value, c.region, c.country].filter(Boolean).join(', '), c.clicks])}
            />
          </div>
          <div class="actions">
            <ReportLink subject="links" id={id} range={{ days: WINDOW_DAYS }} />
          </div>
        </div>
      )}
    </section>
  );
}

export function LinkDetailRoute() {
  const { params } = useRoute();
  const id = params.id ?? '';
  const scopes = useSession().data?.scopes ?? [];
  return (
    <LinkDetail
      id={id}
      canWrite={scopes.includes('links:write')}
      panels={<LifecyclePanels target={{ kind: 'links', id }} />}
      figures={scopes.includes('analytics:read') ? <LinkClicks id={id} /> : null}
    />
  );
}
