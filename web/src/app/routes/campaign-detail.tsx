import { useRoute } from 'preact-iso';
import { FigureTable, Totals } from '../../features/analytics/components/figures';
import { ScansChart } from '../../features/analytics/components/scans-chart';
import { useSession } from '../../features/auth/api/get-session';
import { CampaignDetail } from '../../features/campaigns/components/campaign-detail';
import { CampaignFigures } from '../../features/campaigns/components/campaign-figures';
import { formatDay } from '../../lib/format';

/** A campaign's page, its figures drawn with the analytics page's totals, chart and tables. */
export function CampaignDetailRoute() {
  const { params } = useRoute();
  const scopes = useSession().data?.scopes ?? [];
  return (
    <CampaignDetail
      id={params.id ?? ''}
      canWrite={scopes.includes('campaigns:write')}
      figures={(campaign) =>
        scopes.includes('analytics:read') ? (
          <CampaignFigures
            campaign={campaign}
            render={(a, nameOf) => (
              <div class="stack">
                <Totals
                  items={[
                    { label: 'Scans, clicks, views and submissions', value: a.totals.events },
                    { label: 'Unique visitors', value: a.totals.uniqueVisitors, hint: 'summed over the members, per day' },
                  ]}
                />
                <ScansChart label="Events" daily={a.daily.map((d) => ({ ...d, scans: d.events }))} />
                <FigureTable
                  caption="Members, busiest first"
                  head={['Member', 'Events', 'Visitors']}
                  rows={a.members.map((m) => [nameOf(m), m.events, m.uniqueVisitors])}
                  empty="The campaign has no members."
                />
                <FigureTable
                  caption="Days with activity"
                  head={['Day', 'Events', 'Visitors']}
                  rows={a.daily.filter((d) => d.events > 0).map((d) => [formatDay(d.date), d.events, d.uniqueVisitors])}
                  empty="No scans, clicks, views or submissions in this window."
                />
              </div>
            )}
          />
        ) : null
      }
    />
  );
}
