import { useQuery } from '@tanstack/react-query';
import { dashboardApi, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type OwnSession = ResponseData<'/app/api/me/sessions', 'get'>[number];

export const useOwnSessions = () =>
  useQuery({
    queryKey: ['own-sessions'],
    queryFn: async () => (await unwrap(dashboardApi.GET('/app/api/me/sessions'))).data,
  });

export const useEndSession = () =>
  useChange(['own-sessions'], async (id: string) =>
    unwrap(dashboardApi.DELETE('/app/api/me/sessions/{id}', { params: { path: { id } } })),
  );

export const useEndOtherSessions = () =>
  useChange(['own-sessions'], async () => (await unwrap(dashboardApi.POST('/app/api/me/sessions/end-others'))).data);
