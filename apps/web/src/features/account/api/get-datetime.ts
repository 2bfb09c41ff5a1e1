import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** The server's clock; spec §9: a refresh within 2 s of the last one is skipped. */
export const datetimeQueryOptions = queryOptions({
  queryKey: ['datetime'],
  queryFn: () => callApi(accountEndpoints.datetime, { retry: true }),
  staleTime: 2000,
});

export function useDatetime() {
  return useQuery(datetimeQueryOptions);
}
