import { useQuery } from '@tanstack/react-query';
import { api, dashboardApi, unwrap } from '../../../lib/api-client';
import type { BodyOf, ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type Person = ResponseData<'/users', 'get'>[number];
export type Invitation = BodyOf<'/users', 'post'>;
export type PersonChange = BodyOf<'/users/{id}', 'patch'>;

export const useTeam = () =>
  useQuery({
    queryKey: ['team'],
    queryFn: async () => (await unwrap(api.GET('/users', { params: { query: { limit: 100 } } }))).data,
  });

export const useInvite = () => useChange(['team'], async (body: Invitation) => (await unwrap(api.POST('/users', { body }))).data);

export const useChangePerson = () =>
  useChange(
    ['team'],
    async ({ id, ...body }: PersonChange & { id: string }) =>
      (await unwrap(api.PATCH('/users/{id}', { params: { path: { id } }, body }))).data,
  );

/** A new single-use link for a person (invitation or reset): mailed, or answered when the server sends no mail. */
export const useMemberLink = () =>
  useChange(
    ['team'],
    async (id: string) =>
      (await unwrap(dashboardApi.POST('/app/api/users/{id}/password-link', { params: { path: { id } } }))).data,
  );
