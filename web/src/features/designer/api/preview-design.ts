import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';
import type { Design } from './types';

export type DesignPreview = ResponseData<'/designs/preview', 'post'>;
export type Scannability = DesignPreview['scannability'];

/** The service's render and decode of a design for a value: its scannability report (nothing is stored). */
export async function previewDesign(value: string, design: Design): Promise<DesignPreview> {
  // Without `format` the answer is always the JSON form (the route also documents its image forms).
  const answer = await unwrap(api.POST('/designs/preview', { body: { value, design } }));
  return (answer as { data: DesignPreview }).data;
}

export const previewQuery = (value: string, design: Design) =>
  queryOptions({
    queryKey: ['designer', 'preview', value, design],
    queryFn: () => previewDesign(value, design),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

export const usePreview = (value: string, design: Design) => useQuery(previewQuery(value, design));
