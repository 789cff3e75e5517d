import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardApi, setCsrfToken, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';

export type SessionState = ResponseData<'/app/api/session', 'get'>;

export async function getSession(): Promise<SessionState> {
  const { data } = await unwrap(dashboardApi.GET('/app/api/session'));
  setCsrfToken(data.csrfToken);
  return data;
}

export const sessionQuery = () => queryOptions({ queryKey: ['session'], queryFn: getSession, staleTime: 60_000 });

export const useSession = () => useQuery(sessionQuery());
