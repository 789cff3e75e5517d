import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Design } from './types';

export const templatesQuery = () =>
  queryOptions({
    queryKey: ['templates', 'designer'],
    queryFn: async () => (await unwrap(api.GET('/templates'))).data,
  });

export const useTemplates = () => useQuery(templatesQuery());

/** Saves the design being edited as a template; every cached list of templates is refreshed. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; design: Design; acceptUnscannable?: boolean }) =>
      (await unwrap(api.POST('/templates', { body: input }))).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['templates'] }),
  });
}
