import { useRoute } from 'preact-iso';
import { useSession } from '../../features/auth/api/get-session';
import { CodeDetail } from '../../features/codes/components/code-detail';
import { LifecyclePanels } from '../../features/lifecycle/components/lifecycle-panels';

export function CodeDetailRoute() {
  const { params } = useRoute();
  const id = params.id ?? '';
  const scopes = useSession().data?.scopes ?? [];
  const write = scopes.includes('codes:write');
  return (
    <>
      <CodeDetail id={id} can={{ write, analytics: scopes.includes('analytics:read') }} />
      {write ? <LifecyclePanels target={{ kind: 'codes', id }} /> : null}
    </>
  );
}
