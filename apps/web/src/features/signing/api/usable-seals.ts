import { useQuery } from '@tanstack/react-query';
import { businessSealEndpoints } from '@signet/contracts/endpoints/business-seals';
import { callApi } from '../../../lib/api-client.ts';
import { userBusinessQueryOptions } from '../../../lib/api/get-user-business.ts';

/**
 * The seals the signed-in user may sign with: those of their business that admins allowed them
 * (admins may use every seal). None for a visitor or someone outside a business.
 */
export function useUsableSeals(enabled: boolean) {
  const business = useQuery({ ...userBusinessQueryOptions, enabled });
  const businessId = business.data?.id;
  const seals = useQuery({
    queryKey: ['business', businessId, 'seals'],
    enabled: enabled && Boolean(businessId),
    queryFn: async () =>
      (await callApi(businessSealEndpoints.listSeals, { params: { businessId: businessId! }, retry: true }))
        .seals,
    select: (list) => list.filter((seal) => seal.canUse),
  });
  return seals.data ?? [];
}
