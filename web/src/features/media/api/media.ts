import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dashboardApi, unwrap, upload } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type MediaFile = ResponseData<'/media/{id}', 'get'>;
export type MediaFolder = ResponseData<'/media/folders', 'get'>[number];
export const MEDIA_PAGE = 48;
/** Which files to list: all, those in no folder, or one folder's. */
export type FolderFilter = 'all' | 'none' | string;

export const useMediaFiles = (folder: FolderFilter, offset: number) =>
  useQuery({
    queryKey: ['media', 'files', folder, offset],
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/media', {
            params: { query: { limit: MEDIA_PAGE, offset, ...(folder === 'all' ? {} : { folderId: folder }) } },
          }),
        )
      ).data,
  });

export const useMediaFolders = () =>
  useQuery({ queryKey: ['media', 'folders'], queryFn: async () => (await unwrap(api.GET('/media/folders'))).data });

export const useMediaUsage = () =>
  useQuery({ queryKey: ['media', 'usage'], queryFn: async () => (await unwrap(api.GET('/media/usage'))).data });

/** Uploads through the dashboard's session route; the type is read from the bytes by the service. */
export function useUploadMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, name, folderId }: { file: File; name: string; folderId: string | null }) => {
      const form = new FormData();
      if (name) form.append('name', name);
      if (folderId) form.append('folderId', folderId);
      form.append('file', file, file.name);
      return (await upload<{ data: MediaFile }>('/media', form)).data;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['media'] }),
  });
}

export const useUpdateMedia = () =>
  useChange(
    ['media'],
    async ({ id, ...body }: { id: string; name?: string; folderId?: string | null }) =>
      (await unwrap(dashboardApi.PATCH('/app/api/v1/media/{id}', { params: { path: { id } }, body }))).data,
  );

export const useDeleteMedia = () =>
  useChange(
    ['media'],
    async (id: string) => (await unwrap(dashboardApi.DELETE('/app/api/v1/media/{id}', { params: { path: { id } } }))).data,
  );

export const useCreateMediaFolder = () =>
  useChange(
    ['media'],
    async (name: string) => (await unwrap(dashboardApi.POST('/app/api/v1/media/folders', { body: { name } }))).data,
  );

export const useRenameMediaFolder = () =>
  useChange(
    ['media'],
    async ({ id, name }: { id: string; name: string }) =>
      (await unwrap(dashboardApi.PATCH('/app/api/v1/media/folders/{id}', { params: { path: { id } }, body: { name } }))).data,
  );

export const useDeleteMediaFolder = () =>
  useChange(
    ['media'],
    async (id: string) =>
      (await unwrap(dashboardApi.DELETE('/app/api/v1/media/folders/{id}', { params: { path: { id } } }))).data,
  );
