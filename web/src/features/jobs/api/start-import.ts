import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postFile, upload } from '../../../lib/api-client';
import type { Job } from './get-job';
import type { ImportAs, ImportSource } from './import-sources';

export type ImportInput =
  | { via: 'file'; source: ImportSource; file: File; as: ImportAs; dryRun: boolean; idempotencyKey?: string }
  | { via: 'api'; source: ImportSource; url: string; apiKey: string; as: ImportAs; dryRun: boolean; idempotencyKey?: string };

/**
 * Queues a move-in (or only its check): the export file as a multipart form, or the old service's API
 * as JSON. The Idempotency-Key goes with the real run, so a resend answers the same job.
 */
export async function startImport(input: ImportInput): Promise<Job> {
  const headers: Record<string, string> = input.idempotencyKey ? { 'Idempotency-Key': input.idempotencyKey } : {};
  if (input.via === 'file') {
    const form = new FormData();
    form.set('source', input.source);
    form.set('as', input.as);
    form.set('dryRun', String(input.dryRun));
    form.set('file', input.file, input.file.name);
    return (await upload<{ data: Job }>('/imports', form, headers)).data;
  }
  const body = { source: input.source, url: input.url.trim(), apiKey: input.apiKey, as: input.as, dryRun: input.dryRun };
  return (await postFile<{ data: Job }>('/imports', JSON.stringify(body), 'application/json', headers)).data;
}

export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: (job) => {
      client.setQueryData(['jobs', 'one', job.id], job);
      void client.invalidateQueries({ queryKey: ['jobs', 'list'] });
    },
  });
}
