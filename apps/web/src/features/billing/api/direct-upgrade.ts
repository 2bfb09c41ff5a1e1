import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DirectPreviewBody } from '@signet/contracts/billing';
import type { BodyOf } from '@signet/contracts/endpoint';
import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { callApi } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/api/get-user.ts';

// The direct upgrade of spec §7 Subscriptions: an individual's payment method, price preview, promo
// code check and the confirm that makes their business.

/** POST /v2/businesses/direct_upgrade/stripe_setup_intent: where the card or IBAN is sent to. */
export function useDirectSetupIntent() {
  return useMutation({
    mutationFn: async (body: BodyOf<typeof billingEndpoints.directSetupIntent>) =>
      (await callApi(billingEndpoints.directSetupIntent, { body })).setupIntent,
  });
}

/** POST /v2/businesses/direct_upgrade/preview: what the first invoice would be; the last one stays shown while the next loads. */
export function useDirectPreview(choice: DirectPreviewBody) {
  return useQuery({
    queryKey: ['direct-upgrade', 'preview', choice],
    queryFn: () => callApi(billingEndpoints.directPreview, { body: choice, retry: true }),
    placeholderData: keepPreviousData,
  });
}

/** POST /v2/businesses/direct_upgrade/validate_promo: the promo code as typed, checked live. */
export function useValidatePromo() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof billingEndpoints.directValidatePromo>) =>
      callApi(billingEndpoints.directValidatePromo, { body }),
  });
}

/** POST /v2/businesses/direct_upgrade/confirm: the business is made; the guards read the new membership. */
export function useDirectConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof billingEndpoints.directConfirm>) =>
      callApi(billingEndpoints.directConfirm, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}
