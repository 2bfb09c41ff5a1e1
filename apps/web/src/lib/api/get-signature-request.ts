import { queryOptions, useQuery } from '@tanstack/react-query';
import { SignatureRequest } from '@signet/contracts/signature-requests';
import { apiRequest } from '../api-client.ts';
import { accessKey, accessOptions, accessPath, type SigningAccess } from '../signing-access.ts';

/** GET /v3/signature-requests/{id} (or its /v3/direct twin for a visitor). */
export function getSignatureRequest(access: SigningAccess, id: string): Promise<SignatureRequest> {
  return apiRequest(
    accessPath(access, `/v3/signature-requests/${encodeURIComponent(id)}`),
    accessOptions(access, { retry: true }),
    SignatureRequest,
  );
}

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
    queryFn: () => getSignatureRequest(access, id),
  });

export function useSignatureRequest(access: SigningAccess, id: string) {
  return useQuery(signatureRequestQueryOptions(access, id));
}
