import type { SessionState } from '../../features/auth/api/get-session';
import type { Kind } from '../../features/content/api/content';
import { ContentList } from '../../features/content/components/content-list';

/** /app/forms, /app/pages, /app/cards. */
export const ContentListRoute = ({ kind, session }: { kind: Kind; session: SessionState }) => (
  <ContentList kind={kind} canWrite={session.permissions.includes('content:write')} />
);
