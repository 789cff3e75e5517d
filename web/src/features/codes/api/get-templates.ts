import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** Saved designs a new code can start from. */
export const templateChoicesQuery = () =>
  queryOptions({
    queryKey: ['templates', 'choices'],
    queryFn: async () => (await unwrap(api.GET('/templates'))).data.map(({ id, name }) => ({ id, name })),
  });

export const useTemplateChoices = () => useQuery(templateChoicesQuery());
