import { useMutation } from '@tanstack/react-query';
import { ResetPasswordBody } from '@signet/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/reset-password: sets a new password with the mailed token (204). */
export function resetPassword(body: z.input<typeof ResetPasswordBody>): Promise<void> {
  return apiRequest('/v1/reset-password', { method: 'POST', body: ResetPasswordBody.parse(body) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
