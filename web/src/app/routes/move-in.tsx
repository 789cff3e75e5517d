import { useSession } from '../../features/auth/api/get-session';
import { MoveInPage } from '../../features/jobs/components/move-in-page';

/** Move links in from Bitly, Shlink, YOURLS, Kutt, Dub or a plain CSV (loads with this page only). */
export function MoveInRoute() {
  const scopes = useSession().data?.scopes ?? [];
  return <MoveInPage canWrite={scopes.includes('codes:write') && scopes.includes('links:write')} />;
}
