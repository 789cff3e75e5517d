import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { BodyOf, ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type Link = ResponseData<'/links', 'get'>[number];
export const LINKS_PAGE = 50;

export const useLinks = (offset: number) =>
  useQuery({
    queryKey: ['links', offset],
    queryFn: async () => (await unwrap(api.GET('/links', { params: { query: { limit: LINKS_PAGE, offset } } }))).data,
  });

export const useCreateLink = () =>
  useChange(['links'], async (body: BodyOf<'/links', 'post'>) => (await unwrap(api.POST('/links', { body }))).data);

export const useRepointLink = () =>
  useChange(
    ['links'],
    async ({ id, url }: { id: string; url: string }) =>
      (await unwrap(api.PATCH('/links/{id}', { params: { path: { id } }, body: { url } }))).data,
  );
