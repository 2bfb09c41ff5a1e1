import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignatureQualitiesDetail } from '@signet/contracts/accounts';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import type { z } from 'zod';
import { callApi } from '../api-client.ts';

export type SignatureQualities = z.infer<typeof SignatureQualitiesDetail>;

/** Which qualities the user may use, per legislation. */
function getSignatureQualities(): Promise<SignatureQualities> {
  return callApi(accountEndpoints.signatureQualitiesDetail, { retry: true });
}

export const signatureQualitiesQueryOptions = queryOptions({
  queryKey: ['user', 'signature-qualities-detail'],
  queryFn: getSignatureQualities,
  staleTime: 60_000,
});

export function useSignatureQualities() {
  return useQuery(signatureQualitiesQueryOptions);
}
