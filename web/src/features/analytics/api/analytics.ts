import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';

export type CodeAnalytics = ResponseData<'/analytics/codes/{id}', 'get'>;
export type FolderAnalytics = ResponseData<'/folders/{id}/analytics', 'get'>;
export type AccountAnalytics = ResponseData<'/analytics/account', 'get'>;
export type ScanEvent = ResponseData<'/events', 'get'>[number];
export type CodeSummary = ResponseData<'/codes', 'get'>[number];

/** Seconds between two looks at the newest events: a scan shows within a few seconds. */
export const LIVE_INTERVAL_MS = 3000;
const CODES_PAGE = 100;
/** The picker reads at most this many pages of codes (a bounded loop). */
export const OVERVIEW_PAGES = 20;

/** The days a page shows: the last `days`, or the dates `from` to `to` (the account's time zone). */
export interface DayRangeQuery {
  days?: number;
  from?: string;
  to?: string;
}

/** The range's query, with the previous period of equal length to compare with. */
const rangeParams = (range: DayRangeQuery) => ({ ...range, compare: true });

export const useCodeAnalytics = (id: string, range: DayRangeQuery) =>
  useQuery({
    queryKey: ['analytics', 'code', id, range],
    queryFn: async () =>
      (await unwrap(api.GET('/analytics/codes/{id}', { params: { path: { id }, query: rangeParams(range) } }))).data,
  });

export const useFolderAnalytics = (id: string, range: DayRangeQuery) =>
  useQuery({
    queryKey: ['analytics', 'folder', id, range],
    queryFn: async () =>
      (await unwrap(api.GET('/folders/{id}/analytics', { params: { path: { id }, query: rangeParams(range) } }))).data,
  });

export const useAccountAnalytics = (range: DayRangeQuery) =>
  useQuery({
    queryKey: ['analytics', 'account', range],
    queryFn: async () => (await unwrap(api.GET('/analytics/account', { params: { query: rangeParams(range) } }))).data,
  });

/** Every code of the account (up to OVERVIEW_PAGES pages), for the picker. */
export const useAllCodes = () =>
  useQuery({
    queryKey: ['analytics', 'codes'],
    queryFn: async () => {
      const codes: CodeSummary[] = [];
      for (let page = 0; page < OVERVIEW_PAGES; page++) {
        const { data } = await unwrap(api.GET('/codes', { params: { query: { limit: CODES_PAGE, offset: page * CODES_PAGE } } }));
        codes.push(...data);
        if (data.length < CODES_PAGE) return { codes, complete: true };
      }
      return { codes, complete: false };
    },
  });

export const useFolderChoices = () =>
  useQuery({ queryKey: ['folders'], queryFn: async () => (await unwrap(api.GET('/folders'))).data });

/** The newest scans, looked at again every few seconds while the page is open. */
export const useLiveEvents = (codeId: string | null) =>
  useQuery({
    queryKey: ['analytics', 'events', codeId],
    queryFn: async () =>
      (await unwrap(api.GET('/events', { params: { query: { limit: 20, type: 'scan', ...(codeId ? { codeId } : {}) } } }))).data,
    refetchInterval: LIVE_INTERVAL_MS,
  });
