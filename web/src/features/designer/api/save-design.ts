import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Design } from './types';

/** Stores the design on the code (checked by the service; an unscannable one needs acceptUnscannable). */
export function useSaveDesign(codeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { design: Design; acceptUnscannable?: boolean }) =>
      (await unwrap(api.PATCH('/codes/{id}', { params: { path: { id: codeId } }, body: input }))).data,
    onSuccess: (code) => {
      client.setQueryData(['codes', 'one', codeId], code);
      void client.invalidateQueries({ queryKey: ['codes', 'list'] });
    },
  });
}
