import { queryOptions, useQuery } from '@tanstack/react-query';
import { SendToSummary } from '@signet/contracts/signature-requests';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type SendTo = z.infer<typeof SendToSummary>;

/** GET /v3/sendto/{id}/get-internal: what a send-to link is about (404 for unknown ids). */
export function getSendTo(id: string): Promise<SendTo> {
  return apiRequest(`/v3/sendto/${encodeURIComponent(id)}/get-internal`, { retry: true }, SendToSummary);
}

export const sendToQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['sendto', id], queryFn: () => getSendTo(id), staleTime: 10_000 });

export function useSendTo(id: string) {
  return useQuery(sendToQueryOptions(id));
}
