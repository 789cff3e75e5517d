import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const cancelJob = async (id: string) => (await unwrap(api.DELETE('/jobs/{id}', { params: { path: { id } } }))).data;

/** Stops a queued or running job at its next step; the job and the list show it at once. */
export function useCancelJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelJob,
    onSuccess: (job) => {
      client.setQueryData(['jobs', 'one', job.id], job);
      void client.invalidateQueries({ queryKey: ['jobs', 'list'] });
    },
  });
}
