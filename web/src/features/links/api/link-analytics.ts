import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-request';

interface Share {
  value: string | null;
  clicks: number;
}

/** A link's figures over a window: a code's analytics, counting `clicks` where a code's say `scans`. */
export interface LinkAnalytics {
  from: string;
  to: string;
  totals: { clicks: number; uniqueVisitors: number; excluded: number };
  daily: { date: string; clicks: number; uniqueVisitors: number; excluded: number }[];
  countries: Share[];
  devices: Share[];
  os: Share[];
  browsers: Share[];
  cities: (Share & { region: string | null; country: string | null })[];
}

export const useLinkAnalytics = (id: string, days: number) =>
  useQuery({
    queryKey: ['analytics', 'link', id, days],
    queryFn: () => request<LinkAnalytics>('GET', `/analytics/links/${encodeURIComponent(id)}?days=${days}`),
  });
