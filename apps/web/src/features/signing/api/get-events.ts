import { queryOptions, useQuery } from '@tanstack/react-query';
import { EventList } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';
import { accessKey, accessOptions, accessPath, type SigningAccess } from '../../../lib/signing-access.ts';

/** GET /v3/signature-requests/{id}/events: the hash-chained audit trail. */
export function getEvents(access: SigningAccess, id: string) {
  return apiRequest(
    accessPath(access, `/v3/signature-requests/${encodeURIComponent(id)}/events`),
    accessOptions(access, { retry: true }),
    EventList,
  );
}

export const eventsQueryOptions = (access: SigningAccess, id: string) =>
  queryOptions({
    queryKey: ['signing', accessKey(access), 'events', id],
    queryFn: () => getEvents(access, id),
  });

export function useEvents(access: SigningAccess, id: string) {
  return useQuery(eventsQueryOptions(access, id));
}
