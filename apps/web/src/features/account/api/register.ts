import { useMutation } from '@tanstack/react-query';
import { RegisterBody, TokenResponse } from '@signet/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/register: creates the account from the mailed token and signs it in. */
export function register(body: z.input<typeof RegisterBody>): Promise<TokenResponse> {
  return apiRequest('/v1/register', { method: 'POST', body: RegisterBody.parse(body) }, TokenResponse);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
