import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PutIdentityProviderBody } from '@signet/contracts/business-sso';
import { businessSsoEndpoints } from '@signet/contracts/endpoints/business-sso';
import { callApi } from '../../../lib/api-client.ts';

const settingsKey = (businessId: string) => ['business', businessId, 'identity-provider'] as const;

/** The business's single sign-on settings, Signet's redirect URI and the domains it applies to. */
export function useIdentityProvider(businessId: string) {
  return useQuery({
    queryKey: settingsKey(businessId),
    queryFn: () => callApi(businessSsoEndpoints.getIdentityProvider, { params: { businessId }, retry: true }),
  });
}

/** Saves the settings once Signet has read the issuer's discovery document (400 naming `issuer` else). */
export function useSaveIdentityProvider(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutIdentityProviderBody) =>
      callApi(businessSsoEndpoints.putIdentityProvider, { params: { businessId }, body }),
    onSuccess: (view) => queryClient.setQueryData(settingsKey(businessId), view),
  });
}

export function useRemoveIdentityProvider(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(businessSsoEndpoints.deleteIdentityProvider, { params: { businessId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey(businessId) }),
  });
}
