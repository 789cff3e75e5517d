import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postFile } from '../../../lib/api-client';
import type { Job } from './get-job';

export interface BulkInput {
  /** The CSV text, with the canonical header (`name,url,...`). */
  csv: string;
  /** Check every row, create nothing. */
  dryRun: boolean;
  /** Sent with the real run, so a resend (a double click, a retry) answers the same job. */
  idempotencyKey?: string;
}

/** Queues a bulk create (or only its check) of the CSV: the job, queued. */
export async function startBulk({ csv, dryRun, idempotencyKey }: BulkInput): Promise<Job> {
  const path = dryRun ? '/codes/bulk?dryRun=true' : '/codes/bulk';
  const headers: Record<string, string> = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};
  return (await postFile<{ data: Job }>(path, csv, 'text/csv', headers)).data;
}

export function useStartBulk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startBulk,
    onSuccess: (job) => {
      client.setQueryData(['jobs', 'one', job.id], job);
      void client.invalidateQueries({ queryKey: ['jobs', 'list'] });
    },
  });
}
