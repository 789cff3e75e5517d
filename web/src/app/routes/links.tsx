import type { SessionState } from '../../features/auth/api/get-session';
import { LinksPage } from '../../features/links/components/links-page';

export const LinksRoute = ({ session }: { session: SessionState }) => (
  <LinksPage canWrite={session.permissions.includes('content:write')} />
);
