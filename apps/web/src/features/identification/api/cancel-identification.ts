import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identificationEndpoints } from '@signet/contracts/endpoints/identification';
import { callApi } from '../../../lib/api-client.ts';
import { identificationCall, type IdentificationTarget } from './get-identification.ts';

/** Cancels the ongoing identification of this kind (404 NOT_FOUND when none is ongoing any more). */
export function useCancelIdentification(target: IdentificationTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(identificationEndpoints.cancelIdentification, identificationCall(target)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['identification'] }),
  });
}
