import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardApi, setCsrfToken, unwrap } from '../../../lib/api-client';
import type { SessionState } from './get-session';

/** After a call that starts or ends a session, the cache is rebuilt from scratch for the new person. */
function useSessionChange<I>(call: (input: I) => Promise<{ data: SessionState } | undefined>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      client.clear();
      if (result) {
        setCsrfToken(result.data.csrfToken);
        client.setQueryData(['session'], result.data);
      }
    },
  });
}

export const useSignIn = () =>
  useSessionChange((body: { email: string; password: string }) => unwrap(dashboardApi.POST('/app/api/session', { body })));

export const useSecondFactor = () =>
  useSessionChange((body: { code: string }) => unwrap(dashboardApi.POST('/app/api/session/second-factor', { body })));

/** Signs in with a passkey (or gives it as the second factor): the server's challenge, the device's answer, checked. */
export const usePasskeySignIn = () =>
  useSessionChange(async () => {
    const { ceremony, options } = (await unwrap(dashboardApi.POST('/app/api/session/passkey/options'))).data;
    const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
    return unwrap(
      dashboardApi.POST('/app/api/session/passkey', {
        body: { ceremony, response: response as unknown as Record<string, unknown> },
      }),
    );
  });

export const useSignOut = () =>
  useSessionChange(async () => {
    await unwrap(dashboardApi.DELETE('/app/api/session'));
    return undefined;
  });

export const useSetPassword = () =>
  useSessionChange((body: { token: string; password: string }) => unwrap(dashboardApi.POST('/app/api/password', { body })));

export const useSetup = () =>
  useSessionChange((body: { token: string; accountName: string; email: string; password: string }) =>
    unwrap(dashboardApi.POST('/app/api/setup', { body })),
  );

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: { email: string }) => unwrap(dashboardApi.POST('/app/api/password/forgot', { body })),
  });
