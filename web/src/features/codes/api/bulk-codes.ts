import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { archiveCode, updateCode } from './update-code';

export type BulkAction = { kind: 'archive' } | { kind: 'move'; folderId: string | null };

export interface BulkResult {
  done: number;
  failed: Array<{ id: string; message: string }>;
}

/**
 * Applies one action to the selected codes, one request each through the same routes as a single
 * change (so every rule and permission is the service's), and reports which ones were refused.
 */
export async function applyToCodes(ids: readonly string[], action: BulkAction): Promise<BulkResult> {
  const result: BulkResult = { done: 0, failed: [] };
  for (const id of ids) {
    try {
      if (action.kind === 'archive') await archiveCode(id);
      else await updateCode(id, { folderId: action.folderId });
      result.done += 1;
    } catch (error) {
      result.failed.push({ id, message: error instanceof ApiError ? error.message : 'The request failed.' });
    }
  }
  return result;
}

export function useBulkCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: readonly string[]; action: BulkAction }) => applyToCodes(input.ids, input.action),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['codes'] });
      void client.invalidateQueries({ queryKey: ['folders'] });
    },
  });
}
