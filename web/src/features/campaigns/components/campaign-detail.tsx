import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Page } from '../../../components/ui/page';
import { QueryView } from '../../../components/ui/query-view';
import { Section } from '../../../components/ui/section';
import { Notice } from '../../../components/ui/states';
import { useCampaign, useDeleteCampaign, useUpdateCampaign, type Campaign } from '../api/campaigns';
import { CampaignDates } from './campaign-dates';
import { CampaignForm } from './campaign-fields';
import { Members } from './members';
import '../campaigns.css';

function Details({ campaign, canWrite }: { campaign: Campaign; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateCampaign(campaign.id);
  if (editing)
    return (
      <CampaignForm
        campaign={campaign}
        busy={update.isPending}
        error={update.error}
        submitLabel="Save campaign"
        onSubmit={(input) => update.mutate(input, { onSuccess: () => setEditing(false) })}
        onCancel={() => setEditing(false)}
      />
    );
  return (
    <>
      <p>
        <CampaignDates startsAt={campaign.startsAt} endsAt={campaign.endsAt} />
        <span class="muted"> · the dates label the campaign; its members count whatever the day.</span>
      </p>
      {canWrite ? (
        <div class="actions actions-start">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit name and dates
          </Button>
          <DeleteCampaign campaign={campaign} />
        </div>
      ) : null}
    </>
  );
}

function DeleteCampaign({ campaign }: { campaign: Campaign }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteCampaign();
  const { route } = useLocation();
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete campaign
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${campaign.name}?`}
        confirmLabel="Delete campaign"
        busy={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate(campaign.id, { onSuccess: () => route('/app/campaigns') })}
      >
        <p>Its members stay as they are, in no campaign.</p>
        {remove.isError ? <Notice tone="error">{remove.error.message}</Notice> : null}
      </ConfirmDialog>
    </>
  );
}

/** One campaign: its dates, its members of every kind and their tags, and (from the route) its figures. */
export function CampaignDetail({
  id,
  canWrite,
  figures,
}: {
  id: string;
  canWrite: boolean;
  figures: (campaign: Campaign) => ComponentChildren;
}) {
  const campaign = useCampaign(id);
  return (
    <QueryView query={campaign} loading="Loading the campaign…">
      {(data) => (
        <Page
          title={data.name}
          actions={
            <ButtonLink href="/app/campaigns" variant="secondary">
              All campaigns
            </ButtonLink>
          }
        >
          <Section id="campaign-details" title="Campaign" card>
            <Details campaign={data} canWrite={canWrite} />
          </Section>
          <Section id="campaign-members" title="Members">
            <Members campaign={data} canWrite={canWrite} />
          </Section>
          {figures(data)}
        </Page>
      )}
    </QueryView>
  );
}
