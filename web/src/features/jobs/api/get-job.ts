import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';

export type Job = ResponseData<'/jobs/{id}', 'get'>;
export type JobStatus = Job['status'];
export type JobError = Job['errors'][number];

/** Whether the job has stopped for good (its figures no longer change). */
export const hasEnded = (job: Pick<Job, 'status'>): boolean =>
  job.status === 'succeeded' || job.status === 'failed' || job.status === 'cancelled';

/** How often a job that is still going is asked about. */
export const POLL_MS = 1000;

export async function getJob(id: string): Promise<Job> {
  return (await unwrap(api.GET('/jobs/{id}', { params: { path: { id } } }))).data;
}

/** One job, asked about every second until it ends. */
export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: ['jobs', 'one', id],
    queryFn: () => getJob(id),
    refetchInterval: (query) => (query.state.data && hasEnded(query.state.data) ? false : POLL_MS),
    staleTime: 0,
  });

export const useJob = (id: string | null) => useQuery({ ...jobQuery(id ?? ''), enabled: Boolean(id) });

/** Where the dashboard downloads a job's file (the session's mount of `file`). */
export const jobFileHref = (id: string): string => `/app/api/v1/jobs/${encodeURIComponent(id)}/file`;

/**
 * The name a job's file is saved under, as the service names it. A link with a `download` name is a
 * download to the browser and to the router, which would otherwise open the address as a page.
 */
export function jobFileName(job: Pick<Job, 'id' | 'kind' | 'status'>): string {
  const what = job.kind === 'export' ? 'print-run' : job.status === 'failed' ? `${job.kind}-errors` : job.kind;
  return `qrelay-${what}-${job.id.slice(0, 8)}.${job.kind === 'export' ? 'zip' : 'csv'}`;
}
