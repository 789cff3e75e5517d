import type { SessionState } from '../../features/auth/api/get-session';
import { FoldersPage } from '../../features/folders/components/folders-page';

export const FoldersRoute = ({ session }: { session: SessionState }) => (
  <FoldersPage canWrite={session.permissions.includes('content:write')} />
);
