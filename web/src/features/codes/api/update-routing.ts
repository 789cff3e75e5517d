import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Code } from './get-codes';
import type { UpdateCodeInput } from './update-code';
import { updateCode } from './update-code';

/** Codes and short links share routing rules and the password gate. */
export type RoutedKind = 'codes' | 'links';

/** What the rules editor and the gate read of a code or link. */
export interface Routed {
  id: string;
  rules?: Code['rules'] | undefined;
  gate?: unknown;
}

export type RoutingInput = Pick<UpdateCodeInput, 'rules' | 'gate'>;

/** The word for one visit of this kind: a code is scanned, a link clicked. */
export const visitWord = (kind: RoutedKind): string => (kind === 'links' ? 'click' : 'scan');

/** Changes a code's or a link's rules or gate; the cached item is replaced by the answer. */
export function useUpdateRouting(kind: RoutedKind, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RoutingInput): Promise<unknown> =>
      kind === 'codes' ? updateCode(id, body) : (await unwrap(api.PATCH('/links/{id}', { params: { path: { id } }, body }))).data,
    onSuccess: (item) => {
      client.setQueryData([kind, 'one', id], item);
      void client.invalidateQueries({ queryKey: [kind, 'list'] });
    },
  });
}
