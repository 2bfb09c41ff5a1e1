import { queryOptions, useQuery } from '@tanstack/react-query';
import { SignatureQualitiesDetail } from '@signet/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type SignatureQualities = z.infer<typeof SignatureQualitiesDetail>;

/** GET /v3/user/signature-qualities-detail: which qualities the user may use, per legislation. */
export function getSignatureQualities(): Promise<SignatureQualities> {
  return apiRequest('/v3/user/signature-qualities-detail', { retry: true }, SignatureQualitiesDetail);
}

export const signatureQualitiesQueryOptions = queryOptions({
  queryKey: ['user', 'signature-qualities-detail'],
  queryFn: getSignatureQualities,
  staleTime: 60_000,
});

export function useSignatureQualities() {
  return useQuery(signatureQualitiesQueryOptions);
}
