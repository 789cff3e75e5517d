import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { BodyOf, ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type Hook = ResponseData<'/hooks', 'get'>[number];
export type Delivery = ResponseData<'/hooks/{id}/deliveries', 'get'>[number];
export type HookInput = BodyOf<'/hooks', 'post'>;
export type EventType = NonNullable<HookInput['events']>[number];

export const EVENT_TYPES: readonly { type: EventType; label: string }[] = [
  { type: 'scan', label: 'Scans' },
  { type: 'link_click', label: 'Link clicks' },
  { type: 'card_view', label: 'Card views' },
  { type: 'page_view', label: 'Page views' },
  { type: 'form_view', label: 'Form views' },
  { type: 'form_submit', label: 'Form submissions' },
  { type: 'gs1_resolve', label: 'GS1 resolutions' },
];

export const useHooks = () => useQuery({ queryKey: ['hooks'], queryFn: async () => (await unwrap(api.GET('/hooks'))).data });

export const useDeliveries = (id: string) =>
  useQuery({
    queryKey: ['hooks', id, 'deliveries'],
    queryFn: async () =>
      (await unwrap(api.GET('/hooks/{id}/deliveries', { params: { path: { id }, query: { limit: 20 } } }))).data,
  });

export const useCreateHook = () =>
  useChange(['hooks'], async (body: HookInput) => (await unwrap(api.POST('/hooks', { body }))).data);

export const useDeleteHook = () =>
  useChange(['hooks'], async (id: string) => (await unwrap(api.DELETE('/hooks/{id}', { params: { path: { id } } }))).data);

export const useRetryDelivery = () =>
  useChange(
    ['hooks'],
    async ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      (await unwrap(api.POST('/hooks/{id}/deliveries/{deliveryId}/retry', { params: { path: { id, deliveryId } } }))).data,
  );
