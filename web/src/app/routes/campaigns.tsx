import { useSession } from '../../features/auth/api/get-session';
import { CampaignsPage } from '../../features/campaigns/components/campaigns-page';

export const CampaignsRoute = () => <CampaignsPage canWrite={(useSession().data?.scopes ?? []).includes('campaigns:write')} />;
