import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';
import { saveDownload } from '../../../lib/download';

type Design = ResponseData<'/codes/{id}', 'get'>['design'];

/** A plain symbol for packaging: dark on light, square modules, error correction M, the standard quiet zone. */
export const GS1_DESIGN = {
  foreground: '#000000',
  background: '#FFFFFF',
  moduleStyle: 'square',
  cornerStyle: 'square',
  logo: null,
  errorCorrection: 'M',
  quietZone: 4,
  frame: null,
} satisfies Design;

/** The PNG of the same symbol as the service renders it (1024 px), saved as a file. */
export const useExportGs1Png = () =>
  useMutation({
    mutationFn: async ({ uri, name }: { uri: string; name: string }) => {
      const call = api.POST('/designs/preview', {
        body: { value: uri, design: GS1_DESIGN, format: 'png', size: 1024 },
        parseAs: 'blob',
      });
      return saveDownload((await unwrap(call)) as unknown as Blob, name);
    },
  });
