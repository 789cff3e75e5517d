import type { SessionState } from '../../features/auth/api/get-session';
import { TeamPage } from '../../features/team/components/team-page';

export const TeamRoute = ({ session }: { session: SessionState }) => (
  <TeamPage
    canManage={session.permissions.includes('team:manage')}
    selfId={session.user?.id ?? ''}
    mailConfigured={session.mailConfigured}
  />
);
