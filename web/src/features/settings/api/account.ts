import { useQuery } from '@tanstack/react-query';
import { dashboardApi, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';

export type AccountSettings = ResponseData<'/app/api/account', 'get'>;

export const useAccountSettings = () =>
  useQuery({ queryKey: ['account'], queryFn: async () => (await unwrap(dashboardApi.GET('/app/api/account'))).data });
