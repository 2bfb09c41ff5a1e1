import { useMutation } from '@tanstack/react-query';
import { LoginBody, LoginResponse } from '@signet/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/login: 401 INVALID_CREDENTIALS; 429 TOO_MANY_ATTEMPTS with Retry-After. */
export function login(body: z.input<typeof LoginBody>): Promise<LoginResponse> {
  return apiRequest('/v1/login', { method: 'POST', body: LoginBody.parse(body) }, LoginResponse);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
