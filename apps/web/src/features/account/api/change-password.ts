import { useMutation } from '@tanstack/react-query';
import { ChangePasswordBody } from '@signet/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/change-password: needs the current password. */
export function changePassword(body: z.input<typeof ChangePasswordBody>): Promise<void> {
  return apiRequest('/v1/change-password', { method: 'POST', body: ChangePasswordBody.parse(body) });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
