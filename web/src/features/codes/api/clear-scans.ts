import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const clearScans = async (id: string) =>
  (await unwrap(api.POST('/codes/{id}/clear-scans', { params: { path: { id } } }))).data;

/** Destroys the code's scan history (for good); the code itself is refreshed, its counter now 0. */
export function useClearScans(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => clearScans(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['codes'] }),
  });
}
