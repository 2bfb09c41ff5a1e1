import { queryOptions, useQuery } from '@tanstack/react-query';
import { SignatureRequest } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';
import { accessKey, accessOptions, accessPath, type SigningAccess } from '../../../lib/signing-access.ts';

/** GET /v3/signature-requests/{id} (or the direct variant for a visitor). */
export function getSignatureRequest(access: SigningAccess, id: string): Promise<SignatureRequest> {
  return apiRequest(
    accessPath(access, `/v3/signature-requests/${encodeURIComponent(id)}`),
    accessOptions(access, { retry: true }),
    SignatureRequest,
  );
}

export const signatureRequestQueryOptions = (access: SigningAccess, id: string) =>
  queryOptions({
    queryKey: ['signing', accessKey(access), 'request', id],
    queryFn: () => getSignatureRequest(access, id),
  });

export function useSignatureRequest(access: SigningAccess, id: string) {
  return useQuery(signatureRequestQueryOptions(access, id));
}
