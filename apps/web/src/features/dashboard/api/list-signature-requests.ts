import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { signatureRequestEndpoints } from '@signet/contracts/endpoints/signature-requests';
import { callApi } from '../../../lib/api-client.ts';
import type { ListQuery } from '../dashboard-list.ts';

export const signatureRequestsKey = ['signature-requests'] as const;

/** One page of the dashboard list for a filter and search text. */
export const signatureRequestsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: [...signatureRequestsKey, 'list', query],
    queryFn: ({ signal }) =>
      callApi(signatureRequestEndpoints.listSignatureRequests, { query, retry: true, signal }),
    // The rows of the previous page stay while the next one loads (no flicker when paging or typing).
    placeholderData: keepPreviousData,
  });

export function useSignatureRequests(query: ListQuery) {
  return useQuery(signatureRequestsQueryOptions(query));
}
