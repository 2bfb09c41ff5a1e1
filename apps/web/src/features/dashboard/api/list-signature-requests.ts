import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SignatureRequestList } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ListQuery } from '../dashboard-list.ts';

/** GET /v3/signature-requests: one page of the dashboard list for a filter and search text. */
export function listSignatureRequests(query: ListQuery, signal?: AbortSignal) {
  return apiRequest(
    '/v3/signature-requests',
    { query: { ...query }, retry: true, signal },
    SignatureRequestList,
  );
}

export const signatureRequestsKey = ['signature-requests'] as const;

export const signatureRequestsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: [...signatureRequestsKey, 'list', query],
    queryFn: ({ signal }) => listSignatureRequests(query, signal),
    // The rows of the previous page stay while the next one loads (no flicker when paging or typing).
    placeholderData: keepPreviousData,
  });

export function useSignatureRequests(query: ListQuery) {
  return useQuery(signatureRequestsQueryOptions(query));
}
