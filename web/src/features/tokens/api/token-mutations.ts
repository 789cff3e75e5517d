import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardApi, unwrap } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/api-types';

export type CreateTokenInput = BodyOf<'/app/api/tokens', 'post'>;
export type Scope = CreateTokenInput['scopes'][number];

export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTokenInput) => (await unwrap(dashboardApi.POST('/app/api/tokens', { body }))).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['tokens'] }),
  });
}

export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await unwrap(dashboardApi.DELETE('/app/api/tokens/{id}', { params: { path: { id } } }))).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['tokens'] }),
  });
}
