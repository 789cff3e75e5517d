import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';

export type Folder = ResponseData<'/folders/{id}', 'get'>;

/** The account's folders, to filter codes by and to file them in. */
export const foldersQuery = () =>
  queryOptions({ queryKey: ['folders', 'list'], queryFn: async () => (await unwrap(api.GET('/folders'))).data });

export const useFolders = () => useQuery(foldersQuery());
