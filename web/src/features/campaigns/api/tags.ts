import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { useChange } from '../../../lib/mutation';
import type { MemberRef } from './campaigns';

/** Tags in use across codes, links, forms, pages and cards, most used first. */
export const useTagsInUse = () =>
  useQuery({ queryKey: ['tags', 'in-use'], queryFn: async () => (await unwrap(api.GET('/tags'))).data });

export const useTagsOf = (ref: MemberRef) =>
  useQuery({
    queryKey: ['tags', 'of', ref.type, ref.id],
    queryFn: async () => (await unwrap(api.GET('/tags/of', { params: { query: ref } }))).data.tags,
  });

export const useSetTags = () =>
  useChange(['tags'], async (body: MemberRef & { tags: string[] }) => (await unwrap(api.PUT('/tags', { body }))).data);
