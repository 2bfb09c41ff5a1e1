import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestParticipantEndpoints } from '@signet/contracts/endpoints/request-participants';
import { callApi } from '../../../lib/api-client.ts';

/** What a send-to link is about (404 for unknown ids). */
const sendToQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['sendto', id],
    queryFn: () => callApi(requestParticipantEndpoints.getSendTo, { params: { id }, retry: true }),
    staleTime: 10_000,
  });

export function useSendTo(id: string) {
  return useQuery(sendToQueryOptions(id));
}
