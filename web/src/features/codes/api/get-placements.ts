import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** Placements seen in the last year (the `p` parameter of scanned addresses), with their scans. */
export const placementsQuery = (id: string) =>
  queryOptions({
    queryKey: ['codes', 'placements', id],
    queryFn: async () => {
      const { data } = await unwrap(api.GET('/analytics/codes/{id}', { params: { path: { id }, query: { days: 365 } } }));
      return data.placements.filter((p): p is { value: string; scans: number } => p.value !== null);
    },
  });

export const usePlacements = (id: string, enabled: boolean) => useQuery({ ...placementsQuery(id), enabled });
