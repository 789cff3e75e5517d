import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** The account's images a page or a card can show (the newest hundred). */
export const useImages = () =>
  useQuery({
    queryKey: ['media', 'images'],
    queryFn: async () =>
      (await unwrap(api.GET('/media', { params: { query: { limit: 100, offset: 0 } } }))).data.filter((file) =>
        file.type.startsWith('image/'),
      ),
  });
