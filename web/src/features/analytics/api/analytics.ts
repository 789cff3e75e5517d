import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';
import type { DayRangeQuery, Interval } from './range';

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

export type { DayRangeQuery } from './range';

/** What a page asks for: a range, by day or by hour. */
export interface FiguresQuery {
  range: DayRangeQuery;
  interval: Interval;
}

/** The query: the range, the week grid, the previous period of equal length, and the hours when asked for. */
const figuresParams = ({ range, interval }: FiguresQuery) => ({
  ...range,
  compare: true,
  grid: true,
  ...(interval === 'hour' ? { interval } : {}),
});

export const useCodeAnalytics = (id: string, q: FiguresQuery) =>
  useQuery({
    queryKey: ['analytics', 'code', id, q],
    queryFn: async () =>
      (await unwrap(api.GET('/analytics/codes/{id}', { params: { path: { id }, query: figuresParams(q) } }))).data,
  });

export const useFolderAnalytics = (id: string, q: FiguresQuery) =>
  useQuery({
    queryKey: ['analytics', 'folder', id, q],
    queryFn: async () =>
      (await unwrap(api.GET('/folders/{id}/analytics', { params: { path: { id }, query: figuresParams(q) } }))).data,
  });

export const useAccountAnalytics = (q: FiguresQuery) =>
  useQuery({
    queryKey: ['analytics', 'account', q],
    queryFn: async () => (await unwrap(api.GET('/analytics/account', { params: { query: figuresParams(q) } }))).data,
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
