import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The one query cache: server state lives here, never in hand-rolled stores. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

/** A request that finds the session ended (signed out elsewhere, suspended) sends the page back to sign-in. */
queryClient.getQueryCache().subscribe((event) => {
  const error = event.query.state.error;
  if (error instanceof ApiError && error.status === 401 && event.query.queryKey[0] !== 'session') {
    void queryClient.invalidateQueries({ queryKey: ['session'] });
  }
});
queryClient.getMutationCache().subscribe((event) => {
  const error = event.mutation?.state.error;
  if (error instanceof ApiError && error.status === 401) void queryClient.invalidateQueries({ queryKey: ['session'] });
});
