import { CollectionPage } from '../../../components/ui/collection-page';
import { NoMailBanner } from '../../../components/ui/handover-link';
import { InviteForm } from './invite-form';
import { TeamList } from './team-list';

/** Team: who is on the account; admins and owners invite, change roles, suspend and reactivate. */
export function TeamPage({ canManage, selfId, mailConfigured }: { canManage: boolean; selfId: string; mailConfigured: boolean }) {
  return (
    <CollectionPage
      title="Team"
      id="team"
      create={
        canManage
          ? {
              title: 'Invite someone',
              form: (
                <>
                  {mailConfigured ? null : <NoMailBanner />}
                  <InviteForm />
                </>
              ),
            }
          : null
      }
      listTitle="People"
    >
      {canManage ? null : <p class="muted">Admins and owners invite people and change their roles.</p>}
      <TeamList canManage={canManage} selfId={selfId} />
    </CollectionPage>
  );
}
