import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Section } from '../../../components/ui/section';
import { SelectField } from '../../../components/ui/select-field';
import { QueryView } from '../../../components/ui/query-view';
import { ReportLink } from '../../analytics/components/report-link';
import { useCampaignAnalytics, type Campaign } from '../api/campaigns';
import { MEMBER_TYPE_NAMES, useMemberChoices } from '../api/member-choices';

export type CampaignAnalytics = NonNullable<ReturnType<typeof useCampaignAnalytics>['data']>;

const WINDOWS = [
  ['7', 'Last 7 days'],
  ['30', 'Last 30 days'],
  ['90', 'Last 90 days'],
  ['365', 'Last 365 days'],
] as const;

/**
 * A campaign's figures over a window: the sums of its members' (robots never counted). How they are
 * drawn is the route's to say (`render`), with each member's name.
 */
export function CampaignFigures({
  campaign,
  render,
}: {
  campaign: Campaign;
  render: (a: CampaignAnalytics, nameOf: (m: CampaignAnalytics['members'][number]) => string) => ComponentChildren;
}) {
  const [days, setDays] = useState('30');
  const analytics = useCampaignAnalytics(campaign.id, Number(days));
  const { nameOf } = useMemberChoices();
  return (
    <Section id="campaign-analytics" title="Analytics">
      <div class="filters">
        <SelectField label="Window" value={days} options={WINDOWS} onChange={setDays} />
      </div>
      <div class="actions">
        <ReportLink subject="campaigns" id={campaign.id} range={{ days: Number(days) }} />
      </div>
      <QueryView query={analytics} loading="Loading figures…">
        {(a) => render(a, (m) => `${MEMBER_TYPE_NAMES[m.type]} ${nameOf(m.type, m.id)}`)}
      </QueryView>
    </Section>
  );
}
