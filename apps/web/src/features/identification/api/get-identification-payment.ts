import { useQuery } from '@tanstack/react-query';
import { identificationEndpoints } from '@signet/contracts/endpoints/identification';
import { callApi } from '../../../lib/api-client.ts';
import { accessKey, visitorOf, type SigningAccess } from '../../../lib/signing-access.ts';

/** Whether the business that sent this request pays the signer's identification (none asked: false). */
export function useIdentificationPayment(access: SigningAccess, signatureRequestId: string | undefined) {
  return useQuery({
    queryKey: ['identification-payment', accessKey(access), signatureRequestId],
    queryFn: () =>
      callApi(identificationEndpoints.identificationPayment, {
        params: { id: signatureRequestId ?? '' },
        retry: true,
        visitor: visitorOf(access),
      }),
    enabled: Boolean(signatureRequestId),
    staleTime: 60_000,
  });
}
