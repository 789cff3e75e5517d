import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const cloneCode = async (id: string) => (await unwrap(api.POST('/codes/{id}/clone', { params: { path: { id } } }))).data;

/** A copy with its own address and no history; the page then opens it. */
export function useCloneCode(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cloneCode(id),
    onSuccess: (copy) => {
      client.setQueryData(['codes', 'one', copy.id], copy);
      void client.invalidateQueries({ queryKey: ['codes', 'list'] });
    },
  });
}
