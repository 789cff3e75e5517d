import { useRoute } from 'preact-iso';
import { useSession } from '../../features/auth/api/get-session';
import { Gs1Detail } from '../../features/gs1/components/gs1-detail';

export function Gs1DetailRoute() {
  const { params } = useRoute();
  return <Gs1Detail id={params.id ?? ''} canWrite={(useSession().data?.scopes ?? []).includes('gs1:write')} />;
}
