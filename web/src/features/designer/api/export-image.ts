import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { fileNameOf, saveDownload } from '../../../lib/download';
import { safeFileName } from '../../../lib/file-name';
import type { DesignedCode, Design } from './types';

export type ExportFormat = 'png' | 'svg' | 'pdf';

/** Fetches the code's image as the service renders it (its saved design) and saves it as a file. */
export async function exportImage(codeId: string, format: ExportFormat, size: number): Promise<string> {
  const call = api.GET('/codes/{id}/image', { params: { path: { id: codeId }, query: { format, size } }, parseAs: 'blob' });
  const blob = (await unwrap(call)) as unknown as Blob;
  return saveDownload(blob, fileNameOf((await call).response, `qr-code.${format}`));
}

/**
 * Renders a design that is not saved (a variant being tried) for the code's value through the same
 * service renderer, and saves it as "<code>-variant.<format>"; the code keeps its saved design.
 */
export async function exportVariant(code: DesignedCode, design: Design, format: ExportFormat, size: number): Promise<string> {
  const call = api.POST('/designs/preview', { body: { value: code.encode, design, format, size }, parseAs: 'blob' });
  const blob = (await unwrap(call)) as unknown as Blob;
  return saveDownload(blob, safeFileName(`${code.name}-variant.${format}`, 'qr-code'));
}

/** Exports the saved design, or `variant` when one is given (the designer's unsaved options). */
export const useExportImage = (code: DesignedCode) =>
  useMutation({
    mutationFn: (input: { format: ExportFormat; size: number; variant?: Design }) =>
      input.variant
        ? exportVariant(code, input.variant, input.format, input.size)
        : exportImage(code.id, input.format, input.size),
  });
