import { queryOptions, useQuery } from '@tanstack/react-query';
import { DatetimeResponse } from '@signet/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/datetime: the server's clock. */
export function getDatetime(): Promise<z.infer<typeof DatetimeResponse>> {
  return apiRequest('/v1/datetime', { retry: true }, DatetimeResponse);
}

/** Spec §9: a refresh within 2 s of the last one is skipped. */
export const datetimeQueryOptions = queryOptions({
  queryKey: ['datetime'],
  queryFn: getDatetime,
  staleTime: 2000,
});

export function useDatetime() {
  return useQuery(datetimeQueryOptions);
}
