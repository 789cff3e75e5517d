import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { QueryOf } from '../../../lib/api-types';
import { hasEnded, POLL_MS, type Job } from './get-job';

export type JobsFilter = Pick<QueryOf<'/jobs', 'get'>, 'limit' | 'offset' | 'kind' | 'status'>;

export async function getJobs(filter: JobsFilter): Promise<Job[]> {
  return (await unwrap(api.GET('/jobs', { params: { query: filter } }))).data;
}

/** The account's jobs, newest first; asked about again every second while one of them is going. */
export const jobsQuery = (filter: JobsFilter) =>
  queryOptions({
    queryKey: ['jobs', 'list', filter],
    queryFn: () => getJobs(filter),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.some((job) => !hasEnded(job)) ? POLL_MS : false),
  });

export const useJobs = (filter: JobsFilter) => useQuery(jobsQuery(filter));
