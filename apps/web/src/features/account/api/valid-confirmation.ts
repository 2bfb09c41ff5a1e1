import { queryOptions, useQuery } from '@tanstack/react-query';
import { ValidConfirmationResponse } from '@signet/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/valid-confirmation: is the mailed token still good, and for which address. */
export function validConfirmation(token: string): Promise<z.infer<typeof ValidConfirmationResponse>> {
  return apiRequest('/v1/valid-confirmation', { method: 'POST', body: { token } }, ValidConfirmationResponse);
}

export function validConfirmationQuery(token: string) {
  return queryOptions({
    queryKey: ['valid-confirmation', token],
    queryFn: () => validConfirmation(token),
    retry: false,
    staleTime: Infinity,
  });
}

export function useValidConfirmation(token: string) {
  return useQuery(validConfirmationQuery(token));
}
