import { queryOptions, useQuery } from '@tanstack/react-query';
import { signatureRequestEndpoints } from '@signet/contracts/endpoints/signature-requests';
import { callApi } from '../../../lib/api-client.ts';

export const signatureRequestQueryKey = (id: string) => ['signature-requests', id] as const;

/** The draft the editor opens (404 when it is not the caller's). */
const signatureRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: signatureRequestQueryKey(id),
    queryFn: () => callApi(signatureRequestEndpoints.getSignatureRequest, { params: { id }, retry: true }),
    // The editor holds its own copy while it is open; a refetch must not overwrite what is typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useSignatureRequest(id: string) {
  return useQuery(signatureRequestQueryOptions(id));
}
