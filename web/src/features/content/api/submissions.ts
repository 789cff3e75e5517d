import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type Submission = ResponseData<'/submissions', 'get'>[number];
/** The API's largest page: the inbox shows the newest hundred. */
export const INBOX_LIMIT = 100;

export const useSubmissions = (formId: string) =>
  useQuery({
    queryKey: ['submissions', formId],
    queryFn: async () => (await unwrap(api.GET('/submissions', { params: { query: { formId, limit: INBOX_LIMIT } } }))).data,
  });

export const useDeleteSubmission = () =>
  useChange(['submissions'], async (id: string) => unwrap(api.DELETE('/submissions/{id}', { params: { path: { id } } })));
