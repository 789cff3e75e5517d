import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** The account's active people, who can be told of a form's submissions. */
export const useActivePeople = () =>
  useQuery({
    queryKey: ['users', 'active'],
    queryFn: async () =>
      (await unwrap(api.GET('/users', { params: { query: { limit: 100, offset: 0 } } }))).data.filter(
        (user) => user.status === 'active',
      ),
  });
