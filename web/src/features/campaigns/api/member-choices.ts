import { useQueries } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { MemberType } from './campaigns';

export interface Choice {
  type: MemberType;
  id: string;
  name: string;
}

const LIMIT = { params: { query: { limit: 100, offset: 0 } } } as const;

/** The account's things a campaign can hold (the newest 100 of each kind), named as the lists name them. */
const LISTS: Record<MemberType, () => Promise<{ id: string; name: string }[]>> = {
  code: async () => (await unwrap(api.GET('/codes', LIMIT))).data,
  link: async () => (await unwrap(api.GET('/links', LIMIT))).data.map((l) => ({ id: l.id, name: l.url })),
  form: async () => (await unwrap(api.GET('/forms', LIMIT))).data,
  page: async () => (await unwrap(api.GET('/pages', LIMIT))).data,
  card: async () => (await unwrap(api.GET('/cards', LIMIT))).data,
};

export const MEMBER_TYPE_NAMES: Record<MemberType, string> = {
  code: 'Code',
  link: 'Link',
  form: 'Form',
  page: 'Page',
  card: 'Card',
};

/** Every kind's choices, and a name for any member (its id when it is not among them). */
export function useMemberChoices() {
  const types = Object.keys(LISTS) as MemberType[];
  const results = useQueries({
    queries: types.map((type) => ({
      queryKey: ['campaigns', 'choices', type],
      queryFn: async (): Promise<Choice[]> => (await LISTS[type]()).map((t) => ({ type, id: t.id, name: t.name })),
    })),
  });
  const choices = results.flatMap((r) => r.data ?? []);
  const names = new Map(choices.map((c) => [`${c.type}:${c.id}`, c.name]));
  return {
    choices,
    isPending: results.some((r) => r.isPending),
    error: results.find((r) => r.error)?.error ?? null,
    nameOf: (type: MemberType, id: string) => names.get(`${type}:${id}`) ?? id,
  };
}
