import type { SessionState } from '../../features/auth/api/get-session';
import { TemplatesPage } from '../../features/templates/components/templates-page';

export const TemplatesRoute = ({ session }: { session: SessionState }) => (
  <TemplatesPage canWrite={session.permissions.includes('content:write')} />
);
