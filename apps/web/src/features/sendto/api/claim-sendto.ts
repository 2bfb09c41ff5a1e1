import { useMutation } from '@tanstack/react-query';
import { requestParticipantEndpoints } from '@signet/contracts/endpoints/request-participants';
import { callApi } from '../../../lib/api-client.ts';

/**
 * The visitor signature becomes the caller's. 409 REQUEST_NOT_EDITABLE when it can no longer be
 * claimed, 409 ALREADY_A_SIGNER when the caller signs the request already.
 */
export function useClaimSendTo(id: string) {
  return useMutation({
    mutationFn: () => callApi(requestParticipantEndpoints.claimSendTo, { params: { id } }),
  });
}
