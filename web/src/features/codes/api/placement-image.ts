import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/download';
import type { Code } from './get-codes';

/** The address of a placement: the code's short address with `p` naming where the copy hangs. */
export const placementAddress = (url: string, placement: string) => `${url}?p=${encodeURIComponent(placement)}`;

/** A PNG of the code's design encoding the placement's address, rendered and checked by the service. */
export async function placementImage(code: Code, placement: string): Promise<string> {
  const call = api.POST('/designs/preview', {
    body: { value: placementAddress(code.url ?? '', placement), design: code.design, format: 'png', size: 1024 },
    parseAs: 'blob',
  });
  const blob = (await unwrap(call)) as unknown as Blob;
  const slug = placement.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase() || 'placement';
  return saveDownload(blob, `${slug}.png`);
}

export const usePlacementImage = (code: Code) =>
  useMutation({ mutationFn: (placement: string) => placementImage(code, placement) });
