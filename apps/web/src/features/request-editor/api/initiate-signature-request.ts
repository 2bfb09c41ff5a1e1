import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signatureRequestEndpoints } from '@signet/contracts/endpoints/signature-requests';
import { callApi } from '../../../lib/api-client.ts';
import { signatureRequestQueryKey } from '../../../lib/api/get-signature-request.ts';
import { userAccess } from '../../../lib/signing-access.ts';

/** DRAFT → OPEN: fields added, signers invited. */
export function useInitiateSignatureRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(signatureRequestEndpoints.initiateSignatureRequest, { params: { id } }),
    onSuccess: async (request) => {
      client.setQueryData(signatureRequestQueryKey(userAccess, id), request);
      // Lists (dashboard) show the request as open now.
      await client.invalidateQueries({ queryKey: ['signature-requests'], refetchType: 'none' });
    },
  });
}
