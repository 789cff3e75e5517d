import { api, unwrap } from '../../../lib/api-client';
import { useChange } from '../../../lib/mutation';

/** A dynamic code leading to the content (one redirect at most); its designer is the next step. */
export const useMakeCode = () =>
  useChange(
    ['codes'],
    async ({ name, type, id }: { name: string; type: 'form' | 'page' | 'card'; id: string }) =>
      (await unwrap(api.POST('/codes', { body: { name, content: { type, id } } }))).data,
  );
