import { useMutation } from '@tanstack/react-query';
import { RequestConfirmationBody } from '@signet/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/request-confirmation: mails the signup link (204). */
export function requestConfirmation(body: z.input<typeof RequestConfirmationBody>): Promise<void> {
  return apiRequest('/v1/request-confirmation', {
    method: 'POST',
    body: RequestConfirmationBody.parse(body),
  });
}

export function useRequestConfirmation() {
  return useMutation({ mutationFn: requestConfirmation });
}
