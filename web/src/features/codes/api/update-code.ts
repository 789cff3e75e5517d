import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/api-types';
import type { Code } from './get-codes';

export type UpdateCodeInput = BodyOf<'/codes/{id}', 'patch'>;

export const updateCode = async (id: string, body: UpdateCodeInput) =>
  (await unwrap(api.PATCH('/codes/{id}', { params: { path: { id } }, body }))).data;

export const archiveCode = async (id: string) =>
  (await unwrap(api.POST('/codes/{id}/archive', { params: { path: { id } } }))).data;

/** Rename, repoint, pause, resume; the cached code is replaced by the answer. */
export function useUpdateCode(id: string) {
  const client = useQueryClient();
  const settle = (code: Code) => {
    client.setQueryData(['codes', 'one', id], code);
    void client.invalidateQueries({ queryKey: ['codes', 'list'] });
  };
  return {
    update: useMutation({ mutationFn: (body: UpdateCodeInput) => updateCode(id, body), onSuccess: settle }),
    archive: useMutation({ mutationFn: () => archiveCode(id), onSuccess: settle }),
  };
}
