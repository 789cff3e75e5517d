import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-request';

/** Sets the zone the account's analytics count days in; the settings and every figure are read again after. */
export function useSetTimeZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (timezone: string) => request<{ timezone: string }>('PATCH', '/me/account', { timezone }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['account'] });
      void client.invalidateQueries({ queryKey: ['analytics'] });
    },
  });
}
