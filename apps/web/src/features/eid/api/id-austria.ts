import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { EidCallbackBody } from '@signet/contracts/eid';
import { eidEndpoints } from '@signet/contracts/endpoints/eid';
import { callApi } from '../../../lib/api-client.ts';
import { accessKey, visitorOf, type SigningAccess } from '../../../lib/signing-access.ts';

/** Starts identifying with ID Austria (for a request, to come back to it): where to send the browser. */
export function useStartIdAustria(access: SigningAccess) {
  return useMutation({
    mutationFn: (signatureRequestId: string | undefined) =>
      callApi(eidEndpoints.startIdAustria, {
        body: signatureRequestId ? { signatureRequestId } : {},
        visitor: visitorOf(access),
      }),
  });
}

/**
 * ID Austria's answer redeemed once (a code is good for one exchange): cached for the page's life
 * and never retried, so a second render does not send the code again.
 */
function finishIdAustriaQuery(access: SigningAccess, answer: EidCallbackBody | null) {
  return queryOptions({
    queryKey: ['id-austria-finish', accessKey(access), answer?.state ?? null],
    queryFn: () => callApi(eidEndpoints.finishIdAustria, { body: answer!, visitor: visitorOf(access) }),
    enabled: answer !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useFinishIdAustria(access: SigningAccess, answer: EidCallbackBody | null) {
  return useQuery(finishIdAustriaQuery(access, answer));
}
