import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, upload } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';

export type MediaFile = ResponseData<'/media/{id}', 'get'>;

/** Images of the media library a logo can be (a PDF cannot). */
export const logoChoicesQuery = () =>
  queryOptions({
    queryKey: ['media', 'logos'],
    queryFn: async () =>
      (await unwrap(api.GET('/media', { params: { query: { limit: 48, offset: 0 } } }))).data.filter((file) =>
        file.type.startsWith('image/'),
      ),
  });

export const useLogoChoices = (enabled: boolean) => useQuery({ ...logoChoicesQuery(), enabled });

/** Uploads a file to the media library (checked by its bytes and stored by qrelay); answers the stored file. */
export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await upload<{ data: MediaFile }>('/media', form)).data;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['media'] }),
  });
}
