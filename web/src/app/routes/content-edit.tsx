import { useRoute } from 'preact-iso';
import type { SessionState } from '../../features/auth/api/get-session';
import type { Kind } from '../../features/content/api/content';
import { ContentEditor } from '../../features/content/components/content-editor';

/** /app/forms/:id, /app/pages/:id, /app/cards/:id. */
export function ContentEditRoute({ kind, session }: { kind: Kind; session: SessionState }) {
  const { params } = useRoute();
  return <ContentEditor kind={kind} id={params.id ?? ''} canWrite={session.permissions.includes('content:write')} />;
}
