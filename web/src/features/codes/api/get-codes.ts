import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { QueryOf, ResponseData } from '../../../lib/api-types';

export type Code = ResponseData<'/codes/{id}', 'get'>;
export type CodeStatus = Code['status'];
export type CodesFilter = Pick<QueryOf<'/codes', 'get'>, 'limit' | 'offset' | 'name' | 'status' | 'folderId' | 'sort'>;

export async function getCodes(filter: CodesFilter): Promise<Code[]> {
  const query: QueryOf<'/codes', 'get'> = { limit: filter.limit, offset: filter.offset };
  if (filter.name) query.name = filter.name;
  if (filter.status) query.status = filter.status;
  if (filter.folderId) query.folderId = filter.folderId;
  if (filter.sort) query.sort = filter.sort;
  const { data } = await unwrap(api.GET('/codes', { params: { query } }));
  return data;
}

export const codesQuery = (filter: CodesFilter) =>
  queryOptions({ queryKey: ['codes', 'list', filter], queryFn: () => getCodes(filter), placeholderData: keepPreviousData });

export const useCodes = (filter: CodesFilter) => useQuery(codesQuery(filter));
