import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A change through the API that refreshes what `invalidates` names once it is done. */
export function useChange<I, O>(invalidates: QueryKey, change: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => void client.invalidateQueries({ queryKey: invalidates }),
  });
}
