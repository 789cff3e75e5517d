import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/api-types';

export type PrintRunBody = BodyOf<'/exports', 'post'>;
export type SheetBody = NonNullable<PrintRunBody['sheet']>;

/** Queues a print run; with the same key a resend answers the same job. */
export const startPrintRun = async ({ body, idempotencyKey }: { body: PrintRunBody; idempotencyKey: string }) =>
  (await unwrap(api.POST('/exports', { body, headers: { 'Idempotency-Key': idempotencyKey } }))).data;

export function useStartPrintRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startPrintRun,
    onSuccess: (job) => {
      client.setQueryData(['jobs', 'one', job.id], job);
      void client.invalidateQueries({ queryKey: ['jobs', 'list'] });
    },
  });
}
