import { useQuery } from '@tanstack/react-query';
import { businessSettingsEndpoints } from '@signet/contracts/endpoints/business-settings';
import { callApi } from '../../../lib/api-client.ts';
import { accessKey, visitorOf, type SigningAccess } from '../../../lib/signing-access.ts';

/**
 * The name and logo of the business a request comes from (its public information; a visitor asks
 * through the direct twin). Not asked for a request of somebody outside a business.
 */
export function useBusinessInformation(access: SigningAccess, businessId: string | null) {
  return useQuery({
    queryKey: ['business-information', businessId, accessKey(access)],
    enabled: businessId !== null,
    staleTime: 5 * 60_000,
    queryFn: () =>
      callApi(businessSettingsEndpoints.publicInformation, {
        params: { businessId: businessId! },
        retry: true,
        visitor: visitorOf(access),
      }),
  });
}
