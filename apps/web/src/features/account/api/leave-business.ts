import { useMutation } from '@tanstack/react-query';
import { businessEndpoints } from '@signet/contracts/endpoints/businesses';
import { callApi } from '../../../lib/api-client.ts';

/** The signed-in member leaves their business and continues with a personal account. */
export function useLeaveBusiness() {
  return useMutation({
    mutationFn: (businessId: string) => callApi(businessEndpoints.leaveBusiness, { params: { businessId } }),
  });
}
