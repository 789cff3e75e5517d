import { useSession } from '../../features/auth/api/get-session';
import { ImportPage } from '../../features/jobs/components/import-page';

/** Import codes from a CSV file (the CSV reader loads with this page only). */
export function ImportRoute() {
  const scopes = useSession().data?.scopes ?? [];
  return <ImportPage canWrite={scopes.includes('codes:write')} />;
}
