import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Code } from './get-codes';

export async function getCode(id: string): Promise<Code> {
  const { data } = await unwrap(api.GET('/codes/{id}', { params: { path: { id } } }));
  return data;
}

export const codeQuery = (id: string) => queryOptions({ queryKey: ['codes', 'one', id], queryFn: () => getCode(id) });

export const useCode = (id: string) => useQuery(codeQuery(id));
