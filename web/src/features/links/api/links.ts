import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { BodyOf, QueryOf, ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type Link = ResponseData<'/links/{id}', 'get'>;
export type LinkStatus = Link['status'];
export type LinksFilter = Pick<QueryOf<'/links', 'get'>, 'name' | 'status' | 'folderId'> & { offset: number };
export type UpdateLinkInput = BodyOf<'/links/{id}', 'patch'>;
export const LINKS_PAGE = 25;

/** A link's name, or its ending when it has none. */
export const linkTitle = (link: Pick<Link, 'name' | 'shortCode'>): string => link.name || link.shortCode;

export const useLinks = ({ offset, ...filter }: LinksFilter) =>
  useQuery({
    queryKey: ['links', 'list', offset, filter],
    queryFn: async () => (await unwrap(api.GET('/links', { params: { query: { limit: LINKS_PAGE, offset, ...filter } } }))).data,
    placeholderData: keepPreviousData,
  });

/** The same cache entry the lifecycle panels read and write. */
export const useLink = (id: string) =>
  useQuery({
    queryKey: ['links', 'one', id],
    queryFn: async () => (await unwrap(api.GET('/links/{id}', { params: { path: { id } } }))).data,
  });

export const useCreateLink = () =>
  useChange(['links'], async (body: BodyOf<'/links', 'post'>) => (await unwrap(api.POST('/links', { body }))).data);

/** Rename, repoint, file, pause, resume, archive; the cached link is replaced by the answer. */
export function useUpdateLink(id: string) {
  const client = useQueryClient();
  const settle = (link: Link) => {
    client.setQueryData(['links', 'one', id], link);
    void client.invalidateQueries({ queryKey: ['links', 'list'] });
  };
  return {
    update: useMutation({
      mutationFn: async (body: UpdateLinkInput) =>
        (await unwrap(api.PATCH('/links/{id}', { params: { path: { id } }, body }))).data,
      onSuccess: settle,
    }),
    archive: useMutation({
      mutationFn: async () => (await unwrap(api.POST('/links/{id}/archive', { params: { path: { id } } }))).data,
      onSuccess: settle,
    }),
  };
}

/** The account's folders, to file links in and filter them by. */
export const useLinkFolders = () =>
  useQuery({ queryKey: ['folders', 'list'], queryFn: async () => (await unwrap(api.GET('/folders'))).data });
