import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type Folder = ResponseData<'/folders', 'get'>[number];

export const useFolders = () =>
  useQuery({ queryKey: ['folders'], queryFn: async () => (await unwrap(api.GET('/folders'))).data });

export const useCreateFolder = () =>
  useChange(['folders'], async (name: string) => (await unwrap(api.POST('/folders', { body: { name } }))).data);

export const useRenameFolder = () =>
  useChange(
    ['folders'],
    async ({ id, name }: { id: string; name: string }) =>
      (await unwrap(api.PATCH('/folders/{id}', { params: { path: { id } }, body: { name } }))).data,
  );

export const useDeleteFolder = () =>
  useChange(['folders'], async (id: string) => (await unwrap(api.DELETE('/folders/{id}', { params: { path: { id } } }))).data);
