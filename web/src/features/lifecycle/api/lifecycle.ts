import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { request } from '../../../lib/api-request';

/** A code or a short link: the lifecycle settings are the same on both, under their own path. */
export interface Target {
  kind: 'codes' | 'links';
  id: string;
}

export type Utm = Partial<Record<'source' | 'medium' | 'campaign' | 'term' | 'content', string>>;
export interface Preview {
  title?: string;
  description?: string;
  imageId?: string;
  imageUrl?: string;
}

/** What the panels read of a code or link; a field the service does not send yet is absent, and its panel hidden. */
export interface Lifecycle {
  id: string;
  status: 'active' | 'paused' | 'archived';
  mode?: 'dynamic' | 'static';
  destination: string | null;
  /** The short address (a dynamic code's or a link's). */
  url?: string | null;
  expiresAt?: string | null;
  maxScans?: number | null;
  maxClicks?: number | null;
  expiredUrl?: string | null;
  expired?: boolean;
  utm?: Utm | null;
  preview?: Preview | null;
}

export interface Repoint {
  id: string;
  url: string;
  at: string;
  status: 'pending' | 'done' | 'cancelled';
  createdAt: string;
}

export interface UtmTemplate {
  id: string;
  name: string;
  utm: Utm;
  createdAt: string;
}

/** The same cache entry the code's or link's own page reads, so a change here shows there at once. */
const oneKey = ({ kind, id }: Target) => [kind, 'one', id];
const path = ({ kind, id }: Target) => `/${kind}/${encodeURIComponent(id)}`;

export const useTarget = (target: Target) =>
  useQuery({ queryKey: oneKey(target), queryFn: () => request<Lifecycle>('GET', path(target)) });

export type LifecycleChange = Partial<
  Pick<Lifecycle, 'expiresAt' | 'maxScans' | 'maxClicks' | 'expiredUrl' | 'utm'> & {
    preview: Omit<Preview, 'imageUrl'> | null;
  }
>;

/** Saves some lifecycle fields; the cached code or link is replaced by the answer. */
export function useChangeTarget(target: Target) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LifecycleChange) => request<Lifecycle>('PATCH', path(target), body),
    onSuccess: (saved) => {
      client.setQueryData(oneKey(target), saved);
      void client.invalidateQueries({ queryKey: [target.kind, 'list'] });
    },
  });
}

const repointsKey = (target: Target) => [target.kind, 'repoints', target.id];

export const useRepoints = (target: Target) =>
  useQuery({ queryKey: repointsKey(target), queryFn: () => request<Repoint[]>('GET', `${path(target)}/repoints`) });

export function useRepointChanges(target: Target) {
  const client = useQueryClient();
  const settle = () => void client.invalidateQueries({ queryKey: repointsKey(target) });
  return {
    add: useMutation({
      mutationFn: (body: { url: string; at: string }) => request<Repoint>('POST', `${path(target)}/repoints`, body),
      onSuccess: settle,
    }),
    cancel: useMutation({
      mutationFn: (repointId: string) =>
        request<undefined>('DELETE', `${path(target)}/repoints/${encodeURIComponent(repointId)}`),
      onSuccess: settle,
    }),
  };
}

const TEMPLATES = ['utm-templates'];

export const useUtmTemplates = () =>
  useQuery({ queryKey: TEMPLATES, queryFn: () => request<UtmTemplate[]>('GET', '/utm-templates') });

export function useUtmTemplateChanges() {
  const client = useQueryClient();
  const settle = () => void client.invalidateQueries({ queryKey: TEMPLATES });
  return {
    save: useMutation({
      mutationFn: (body: { name: string; utm: Utm }) => request<UtmTemplate>('POST', '/utm-templates', body),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: (id: string) => request<undefined>('DELETE', `/utm-templates/${encodeURIComponent(id)}`),
      onSuccess: settle,
    }),
  };
}

/** The images of the media library (its first page), to pick a social preview's picture from. */
export const useMediaImages = () =>
  useQuery({
    queryKey: ['media', 'files', 'lifecycle-images'],
    queryFn: async () =>
      (await unwrap(api.GET('/media', { params: { query: { limit: 100 } } }))).data.filter((f) => f.type !== 'application/pdf'),
  });
