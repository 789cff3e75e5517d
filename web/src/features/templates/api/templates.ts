import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { BodyOf, ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type Template = ResponseData<'/templates', 'get'>[number];
export type TemplateInput = BodyOf<'/templates', 'post'>;

export const useTemplates = () =>
  useQuery({ queryKey: ['templates'], queryFn: async () => (await unwrap(api.GET('/templates'))).data });

export const useCreateTemplate = () =>
  useChange(['templates'], async (body: TemplateInput) => (await unwrap(api.POST('/templates', { body }))).data);

export const useRenameTemplate = () =>
  useChange(
    ['templates'],
    async ({ id, name }: { id: string; name: string }) =>
      (await unwrap(api.PATCH('/templates/{id}', { params: { path: { id } }, body: { name } }))).data,
  );

export const useDeleteTemplate = () =>
  useChange(
    ['templates'],
    async (id: string) => (await unwrap(api.DELETE('/templates/{id}', { params: { path: { id } } }))).data,
  );
