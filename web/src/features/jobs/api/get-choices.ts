import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export interface Choice {
  id: string;
  name: string;
}

/** The account's folders by id and name: a file may name a folder either way; a print run names its folder. */
export const folderChoicesQuery = () =>
  queryOptions({
    queryKey: ['folders', 'choices'],
    queryFn: async (): Promise<Choice[]> => (await unwrap(api.GET('/folders'))).data.map(({ id, name }) => ({ id, name })),
  });

/** The account's templates by id and name, which a file may name either way. */
export const templateChoicesQuery = () =>
  queryOptions({
    queryKey: ['templates', 'choices'],
    queryFn: async (): Promise<Choice[]> => (await unwrap(api.GET('/templates'))).data.map(({ id, name }) => ({ id, name })),
  });

export const useFolderChoices = () => useQuery(folderChoicesQuery());
export const useTemplateChoices = () => useQuery(templateChoicesQuery());
