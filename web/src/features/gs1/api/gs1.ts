import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { BodyOf, ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type Gs1Entry = ResponseData<'/gs1/{id}', 'get'>;
export type Gs1LinkInput = BodyOf<'/gs1', 'post'>['links'][number];
export const GS1_PAGE = 50;

export const useGs1List = (offset: number) =>
  useQuery({
    queryKey: ['gs1', 'list', offset],
    queryFn: async () => (await unwrap(api.GET('/gs1', { params: { query: { limit: GS1_PAGE, offset } } }))).data,
  });

export const useGs1Entry = (id: string) =>
  useQuery({
    queryKey: ['gs1', 'entry', id],
    queryFn: async () => (await unwrap(api.GET('/gs1/{id}', { params: { path: { id } } }))).data,
  });

export const useRegisterGs1 = () =>
  useChange(['gs1'], async (body: BodyOf<'/gs1', 'post'>) => (await unwrap(api.POST('/gs1', { body }))).data);

export const useUpdateGs1Links = (id: string) =>
  useChange(
    ['gs1'],
    async (links: Gs1LinkInput[]) => (await unwrap(api.PATCH('/gs1/{id}', { params: { path: { id } }, body: { links } }))).data,
  );

export const useDeleteGs1 = () =>
  useChange(['gs1'], async (id: string) => (await unwrap(api.DELETE('/gs1/{id}', { params: { path: { id } } }))).data);
