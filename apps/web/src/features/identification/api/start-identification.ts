import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identificationEndpoints } from '@signet/contracts/endpoints/identification';
import { callApi } from '../../../lib/api-client.ts';
import {
  identificationCall,
  identificationQueryKey,
  type IdentificationTarget,
} from './get-identification.ts';

/**
 * Starts an identification (or resumes the ongoing one) for a signature request, if one is given;
 * the answer's `url` is the provider's page. 403 EMAIL_NOT_VERIFIED, 409 ALREADY_IDENTIFIED.
 */
export function useStartIdentification(target: IdentificationTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signatureRequestId: string | undefined) =>
      callApi(identificationEndpoints.startIdentification, {
        ...identificationCall(target),
        body: signatureRequestId ? { signatureRequestId } : {},
      }),
    onSuccess: (state) => queryClient.setQueryData(identificationQueryKey(target), state),
  });
}
