import { useMutation } from '@tanstack/react-query';
import { RequestResetBody } from '@signet/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/request-reset: mails a reset link when the address has an account (204 either way). */
export function requestReset(body: z.input<typeof RequestResetBody>): Promise<void> {
  return apiRequest('/v1/request-reset', { method: 'POST', body: RequestResetBody.parse(body) });
}

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset });
}
