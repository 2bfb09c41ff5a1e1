import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** Is the mailed token still good, and for which address. */
function validConfirmationQuery(token: string) {
  return queryOptions({
    queryKey: ['valid-confirmation', token],
    queryFn: () => callApi(accountEndpoints.validConfirmation, { body: { token } }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useValidConfirmation(token: string) {
  return useQuery(validConfirmationQuery(token));
}
