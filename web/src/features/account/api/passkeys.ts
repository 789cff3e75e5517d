import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { dashboardApi, unwrap } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/api-types';
import { useChange } from '../../../lib/mutation';

export type Passkey = ResponseData<'/app/api/me/passkeys', 'get'>[number];

export const usePasskeys = () =>
  useQuery({ queryKey: ['passkeys'], queryFn: async () => (await unwrap(dashboardApi.GET('/app/api/me/passkeys'))).data });

/** Adds a passkey: the server's options, the device's ceremony (a touch, a fingerprint, a PIN), the answer checked. */
export const useAddPasskey = () =>
  useChange([], async (name: string) => {
    const { ceremony, options } = (await unwrap(dashboardApi.POST('/app/api/me/passkeys/options'))).data;
    const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
    return (
      await unwrap(
        dashboardApi.POST('/app/api/me/passkeys', {
          body: { ceremony, response: response as unknown as Record<string, unknown>, ...(name ? { name } : {}) },
        }),
      )
    ).data;
  });

export const useRemovePasskey = () =>
  useChange([], async (id: string) => unwrap(dashboardApi.DELETE('/app/api/me/passkeys/{id}', { params: { path: { id } } })));
