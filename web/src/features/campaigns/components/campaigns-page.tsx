import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { CollectionPage } from '../../../components/ui/collection-page';
import { Pagination } from '../../../components/ui/pagination';
import { QueryView } from '../../../components/ui/query-view';
import { Section } from '../../../components/ui/section';
import { CAMPAIGNS_PAGE, useCampaigns, useCreateCampaign, type Campaign } from '../api/campaigns';
import { MEMBER_TYPE_NAMES } from '../api/member-choices';
import { useTagsInUse } from '../api/tags';
import { CampaignDates } from './campaign-dates';
import { CampaignForm } from './campaign-fields';
import '../campaigns.css';

function NewCampaign() {
  const create = useCreateCampaign();
  const { route } = useLocation();
  return (
    <CampaignForm
      busy={create.isPending}
      error={create.error}
      submitLabel="Create campaign"
      onSubmit={(input) => create.mutate(input, { onSuccess: (c) => route(`/app/campaigns/${c.id}`) })}
    />
  );
}

/** "2 codes, 1 form". */
const memberSummary = (campaign: Campaign): string => {
  if (campaign.members.length === 0) return 'no members yet';
  const counts = new Map<string, number>();
  for (const m of campaign.members) counts.set(m.type, (counts.get(m.type) ?? 0) + 1);
  return [...counts]
    .map(
      ([type, n]) => `${n} ${MEMBER_TYPE_NAMES[type as Campaign['members'][number]['type']].toLowerCase()}${n === 1 ? '' : 's'}`,
    )
    .join(', ');
};

function TagsInUse() {
  const tags = useTagsInUse();
  return (
    <Section id="tags-in-use" title="Tags in use">
      <QueryView
        query={tags}
        loading="Loading tags…"
        empty={{ title: 'No tags yet', text: 'Tag codes, links, forms, pages and cards from a campaign’s members.' }}
      >
        {(data) => (
          <ul class="tag-cloud">
            {data.map((t) => (
              <li key={t.tag}>
                <span class="tag">{t.tag}</span> <span class="muted">{t.count}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Section>
  );
}

/** Campaigns: create one, list them with their dates and members, and the tags in use. */
export function CampaignsPage({ canWrite }: { canWrite: boolean }) {
  const [offset, setOffset] = useState(0);
  const campaigns = useCampaigns(offset);
  return (
    <>
      <CollectionPage
        title="Campaigns"
        id="campaigns"
        create={canWrite ? { title: 'New campaign', form: <NewCampaign /> } : null}
        listTitle="All campaigns"
      >
        <QueryView
          query={campaigns}
          loading="Loading campaigns…"
          isEmpty={(data) => data.length === 0 && offset === 0}
          empty={{
            title: 'No campaigns yet',
            text: 'A campaign groups codes, links, forms, pages and cards, and adds up their figures.',
          }}
        >
          {(data) => (
            <>
              <ul class="list">
                {data.map((c) => (
                  <li key={c.id} class="list-item">
                    <div class="list-main">
                      <a class="list-title" href={`/app/campaigns/${c.id}`}>
                        {c.name}
                      </a>
                      <span class="list-sub">{memberSummary(c)}</span>
                    </div>
                    <div class="list-meta">
                      <span class="muted">
                        <CampaignDates startsAt={c.startsAt} endsAt={c.endsAt} />
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
              <Pagination offset={offset} limit={CAMPAIGNS_PAGE} count={data.length} onChange={setOffset} />
            </>
          )}
        </QueryView>
      </CollectionPage>
      <TagsInUse />
    </>
  );
}
