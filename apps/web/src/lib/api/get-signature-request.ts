import { queryOptions, useQuery } from '@tanstack/react-query';
import { signatureRequestEndpoints } from '@signet/contracts/endpoints/signature-requests';
import { callApi } from '../api-client.ts';
import { accessKey, visitorOf, type SigningAccess } from '../signing-access.ts';

/**
 * Every cached copy of one request, whoever reads it (the editor, the view, a visitor): invalidating
 * this key after a change (save, send, sign, decline) refreshes all of them.
 */
export const signatureRequestKey = (id: string) => ['signature-requests', id] as const;

/** One reader's copy: a visitor's and a user's answers never mix. */
export const signatureRequestQueryKey = (access: SigningAccess, id: string) =>
  [...signatureRequestKey(id), accessKey(access)] as const;

export const signatureRequestQueryOptions = (access: SigningAccess, id: string) =>
  queryOptions({
    queryKey: signatureRequestQueryKey(access, id),
    // A user's call, or its /v3/direct twin for a visitor.
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
