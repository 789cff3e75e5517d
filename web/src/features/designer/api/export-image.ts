import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { fileNameOf, saveDownload } from '../../../lib/download';

export type ExportFormat = 'png' | 'svg' | 'pdf';

/** Fetches the code's image as the service renders it (its saved design) and saves it as a file. */
export async function exportImage(codeId: string, format: ExportFormat, size: number): Promise<string> {
  const call = api.GET('/codes/{id}/image', { params: { path: { id: codeId }, query: { format, size } }, parseAs: 'blob' });
  const blob = (await unwrap(call)) as unknown as Blob;
  return saveDownload(blob, fileNameOf((await call).response, `qr-code.${format}`));
}

export const useExportImage = (codeId: string) =>
  useMutation({ mutationFn: (input: { format: ExportFormat; size: number }) => exportImage(codeId, input.format, input.size) });
