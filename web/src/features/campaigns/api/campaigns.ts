import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { BodyOf, ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type Campaign = ResponseData<'/campaigns/{id}', 'get'>;
export type MemberRef = Campaign['members'][number];
export type MemberType = MemberRef['type'];
export type CampaignBody = BodyOf<'/campaigns', 'post'>;
export const CAMPAIGNS_PAGE = 50;

export const useCampaigns = (offset: number) =>
  useQuery({
    queryKey: ['campaigns', 'list', offset],
    queryFn: async () => (await unwrap(api.GET('/campaigns', { params: { query: { limit: CAMPAIGNS_PAGE, offset } } }))).data,
  });

export const useCampaign = (id: string) =>
  useQuery({
    queryKey: ['campaigns', 'one', id],
    queryFn: async () => (await unwrap(api.GET('/campaigns/{id}', { params: { path: { id } } }))).data,
  });

export const useCreateCampaign = () =>
  useChange(['campaigns'], async (body: CampaignBody) => (await unwrap(api.POST('/campaigns', { body }))).data);

export const useUpdateCampaign = (id: string) =>
  useChange(
    ['campaigns'],
    async (body: BodyOf<'/campaigns/{id}', 'patch'>) =>
      (await unwrap(api.PATCH('/campaigns/{id}', { params: { path: { id } }, body }))).data,
  );

export const useDeleteCampaign = () =>
  useChange(
    ['campaigns'],
    async (id: string) => (await unwrap(api.DELETE('/campaigns/{id}', { params: { path: { id } } }))).data,
  );

/** Moves things into the campaign (out of any other) or takes them out; the analytics follow. */
export const useMoveMembers = (id: string) =>
  useChange(
    ['campaigns'],
    async (body: BodyOf<'/campaigns/{id}/members', 'post'>) =>
      (await unwrap(api.POST('/campaigns/{id}/members', { params: { path: { id } }, body }))).data,
  );

export const useCampaignAnalytics = (id: string, days: number) =>
  useQuery({
    queryKey: ['campaigns', 'analytics', id, days],
    queryFn: async () => (await unwrap(api.GET('/campaigns/{id}/analytics', { params: { path: { id }, query: { days } } }))).data,
  });

/** A `YYYY-MM-DD` day of a date input as the instant the API takes (the day's start or end, UTC). */
export const instantOf = (day: string, end: boolean): string | null =>
  day ? `${day}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : null;

/** The day of an instant, for a date input. */
export const dayOf = (instant: string | null): string => (instant ? instant.slice(0, 10) : '');
