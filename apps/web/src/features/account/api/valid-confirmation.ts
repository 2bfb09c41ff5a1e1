import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
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

/** The token of the mailed link this page was opened with (`?token=`), and what the server says of it. */
export function useValidConfirmation() {
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const check = useQuery(validConfirmationQuery(token));
  return { token, check, valid: check.data?.valid === true };
}
