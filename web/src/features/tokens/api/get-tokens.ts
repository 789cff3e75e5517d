import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardApi, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';

export type Token = ResponseData<'/app/api/tokens', 'get'>[number];

export const getTokens = async (): Promise<Token[]> => (await unwrap(dashboardApi.GET('/app/api/tokens'))).data;

export const tokensQuery = () => queryOptions({ queryKey: ['tokens'], queryFn: getTokens });

export const useTokens = () => useQuery(tokensQuery());
