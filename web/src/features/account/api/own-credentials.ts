import { useMutation } from '@tanstack/react-query';
import { dashboardApi, unwrap } from '../../../lib/api-client';
import { useChange } from '../../../lib/mutation';

/** The password changes; every other session ends, so the list is read again. */
export const useChangePassword = () =>
  useChange(['own-sessions'], async (body: { current: string; password: string }) =>
    unwrap(dashboardApi.POST('/app/api/me/password', { body })),
  );

export const useChangeEmail = () =>
  useMutation({
    mutationFn: async (body: { password: string; email: string }) =>
      (await unwrap(dashboardApi.POST('/app/api/me/email', { body }))).data,
  });

export const useConfirmEmail = () =>
  useChange(
    ['session'],
    async (body: { token: string }) => (await unwrap(dashboardApi.POST('/app/api/email/confirm', { body }))).data,
  );
