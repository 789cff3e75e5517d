import { useRoute } from 'preact-iso';
import { useSession } from '../../features/auth/api/get-session';
import { CodeDetail } from '../../features/codes/components/code-detail';

export function CodeDetailRoute() {
  const { params } = useRoute();
  const scopes = useSession().data?.scopes ?? [];
  return (
    <CodeDetail
      id={params.id ?? ''}
      can={{ write: scopes.includes('codes:write'), analytics: scopes.includes('analytics:read') }}
    />
  );
}
