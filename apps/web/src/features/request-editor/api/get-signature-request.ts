import { queryOptions, useQuery } from '@tanstack/react-query';
import { SignatureRequest } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v3/signature-requests/{id}: the draft the editor opens (404 when it is not the caller's). */
export function getSignatureRequest(id: string): Promise<SignatureRequest> {
  return apiRequest(`/v3/signature-requests/${encodeURIComponent(id)}`, { retry: true }, SignatureRequest);
}

export const signatureRequestQueryKey = (id: string) => ['signature-requests', id] as const;

export const signatureRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: signatureRequestQueryKey(id),
    queryFn: () => getSignatureRequest(id),
    // The editor holds its own copy while it is open; a refetch must not overwrite what is typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useSignatureRequest(id: string) {
  return useQuery(signatureRequestQueryOptions(id));
}
