import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { BodyOf, ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type Form = ResponseData<'/forms/{id}', 'get'>;
export type LandingPage = ResponseData<'/pages/{id}', 'get'>;
export type Card = ResponseData<'/cards/{id}', 'get'>;
export type FormBody = BodyOf<'/forms/{id}', 'patch'>;
export type PageBody = BodyOf<'/pages/{id}', 'patch'>;
export type CardBody = BodyOf<'/cards/{id}', 'patch'>;

/** The three kinds of hosted content, by the path of their REST resource. */
export type Kind = 'forms' | 'pages' | 'cards';
export interface ContentOf {
  forms: Form;
  pages: LandingPage;
  cards: Card;
}
export type AnyContent = ContentOf[Kind];

/**
 * The routes of the three kinds share their shape (one route factory on the server), so one call
 * serves each; the generated types name the forms' routes, the others answer alike.
 */
const one = (kind: Kind) => `/${kind}/{id}` as '/forms/{id}';
const all = (kind: Kind) => `/${kind}` as '/forms';
const path = (id: string) => ({ params: { path: { id } } });

export const useContentList = <K extends Kind>(kind: K, offset: number, limit: number) =>
  useQuery({
    queryKey: [kind, 'list', offset],
    queryFn: async () =>
      (await unwrap(api.GET(all(kind), { params: { query: { limit, offset } } }))).data as unknown as ContentOf[K][],
  });

export const useContent = <K extends Kind>(kind: K, id: string) =>
  useQuery({
    queryKey: [kind, 'one', id],
    queryFn: async () => (await unwrap(api.GET(one(kind), path(id)))).data as unknown as ContentOf[K],
  });

export const useCreateContent = <K extends Kind>(kind: K) =>
  useChange(
    [kind],
    async (body: { name: string; status: 'draft' } & Record<string, unknown>) =>
      (await unwrap(api.POST(all(kind), { body: body as BodyOf<'/forms', 'post'> }))).data as unknown as ContentOf[K],
  );

export const useSaveContent = <K extends Kind>(kind: K, id: string) =>
  useChange(
    [kind],
    async (body: Record<string, unknown>) =>
      (await unwrap(api.PATCH(one(kind), { ...path(id), body: body as FormBody }))).data as unknown as ContentOf[K],
  );

export const usePublishContent = (kind: Kind, id: string) =>
  useChange([kind], async (published: boolean) =>
    unwrap(
      api.POST(
        published ? (`/${kind}/{id}/publish` as '/forms/{id}/publish') : (`/${kind}/{id}/unpublish` as '/forms/{id}/unpublish'),
        path(id),
      ),
    ),
  );

export const useDeleteContent = (kind: Kind) => useChange([kind], async (id: string) => unwrap(api.DELETE(one(kind), path(id))));

export const useContentAnalytics = (kind: Kind, id: string, days: number) =>
  useQuery({
    queryKey: ['analytics', kind, id, days],
    // Views and replies arrive at any time: read afresh whenever the figures are shown.
    staleTime: 0,
    queryFn: async () =>
      (await unwrap(api.GET(`/analytics/${kind}/{id}` as '/analytics/forms/{id}', { params: { path: { id }, query: { days } } })))
        .data,
  });
