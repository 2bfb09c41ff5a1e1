import { queryOptions, useQuery } from '@tanstack/react-query';
import { signatureRequestEndpoints } from '@signet/contracts/endpoints/signature-requests';
import { callApi } from '../../../lib/api-client.ts';
import { accessKey, visitorOf, type SigningAccess } from '../access.ts';

/** A request as its reader sees it: a user through the user call, a visitor through its direct twin. */
const signatureRequestQueryOptions = (access: SigningAccess, id: string) =>
  queryOptions({
    queryKey: ['signing', accessKey(access), 'request', id],
    queryFn: () =>
      callApi(signatureRequestEndpoints.getSignatureRequest, {
        params: { id },
        retry: true,
        visitor: visitorOf(access),
      }),
  });

export function useSignatureRequest(access: SigningAccess, id: string) {
  return useQuery(signatureRequestQueryOptions(access, id));
}
