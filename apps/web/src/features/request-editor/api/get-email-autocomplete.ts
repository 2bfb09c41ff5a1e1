import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EmailAutocompleteResponse } from '@signet/contracts/accounts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/email_input_autocomplete?q=: addresses the user has worked with, starting with q. */
export async function getEmailAutocomplete(q: string, signal?: AbortSignal): Promise<string[]> {
  const { emails } = await apiRequest(
    '/v1/email_input_autocomplete',
    { query: { q }, signal },
    EmailAutocompleteResponse,
  );
  return emails;
}

export const emailAutocompleteQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['email-autocomplete', q.trim().toLowerCase()],
    queryFn: ({ signal }) => getEmailAutocomplete(q.trim().toLowerCase(), signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useEmailAutocomplete(q: string, enabled: boolean) {
  return useQuery({ ...emailAutocompleteQueryOptions(q), enabled });
}
