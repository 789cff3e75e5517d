import { useQuery } from '@tanstack/react-query';
import { dashboardApi, unwrap } from '../../../lib/api-client';
import { useChange } from '../../../lib/mutation';

/** The person's two-factor state; the session state says it too (the account's requirement), so both are read again. */
const KEYS = ['two-factor'];

export const useTwoFactor = () =>
  useQuery({ queryKey: KEYS, queryFn: async () => (await unwrap(dashboardApi.GET('/app/api/me/two-factor'))).data });

export const useStartTotp = () =>
  useChange(KEYS, async () => (await unwrap(dashboardApi.POST('/app/api/me/two-factor/totp'))).data);

export const useConfirmTotp = () =>
  useChange(
    [],
    async (body: { code: string }) => (await unwrap(dashboardApi.POST('/app/api/me/two-factor/totp/confirm', { body }))).data,
  );

export const useRemoveTotp = () =>
  useChange([], async (body: { password: string }) => unwrap(dashboardApi.POST('/app/api/me/two-factor/totp/remove', { body })));

export const useRenewRecoveryCodes = () =>
  useChange(
    KEYS,
    async (body: { password: string }) =>
      (await unwrap(dashboardApi.POST('/app/api/me/two-factor/recovery-codes', { body }))).data,
  );

export const useRequireTwoFactor = () =>
  useChange(
    [],
    async (body: { required: boolean }) => (await unwrap(dashboardApi.PUT('/app/api/account/two-factor', { body }))).data,
  );
