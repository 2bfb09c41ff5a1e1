import { queryOptions, useQuery } from '@tanstack/react-query';
import { signatureRequestEndpoints } from '@signet/contracts/endpoints/signature-requests';
import { callApi } from '../../../lib/api-client.ts';
import { accessKey, visitorOf, type SigningAccess } from '../../../lib/signing-access.ts';

/** The hash-chained audit trail of a request, as its reader (user or visitor) may see it. */
const eventsQueryOptions = (access: SigningAccess, id: string) =>
  queryOptions({
    queryKey: ['signing', accessKey(access), 'events', id],
    queryFn: () =>
      callApi(signatureRequestEndpoints.getEvents, {
        params: { id },
        retry: true,
        visitor: visitorOf(access),
      }),
  });

export function useEvents(access: SigningAccess, id: string) {
  return useQuery(eventsQueryOptions(access, id));
}
