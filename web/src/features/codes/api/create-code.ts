import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/api-types';

export type CreateCodeInput = BodyOf<'/codes', 'post'>;

export const createCode = async (body: CreateCodeInput) => (await unwrap(api.POST('/codes', { body }))).data;

export function useCreateCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCode,
    onSuccess: (code) => {
      client.setQueryData(['codes', 'one', code.id], code);
      void client.invalidateQueries({ queryKey: ['codes', 'list'] });
    },
  });
}
