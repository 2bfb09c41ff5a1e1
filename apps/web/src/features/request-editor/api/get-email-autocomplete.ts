import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** Addresses the user has worked with, starting with q. */
async function getEmailAutocomplete(q: string, signal?: AbortSignal): Promise<string[]> {
  const { emails } = await callApi(accountEndpoints.emailAutocomplete, { query: { q }, signal });
  return emails;
}

const emailAutocompleteQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['email-autocomplete', q.trim().toLowerCase()],
    queryFn: ({ signal }) => getEmailAutocomplete(q.trim().toLowerCase(), signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useEmailAutocomplete(q: string, enabled: boolean) {
  return useQuery({ ...emailAutocompleteQueryOptions(q), enabled });
}
