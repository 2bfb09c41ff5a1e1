import { useQuery } from '@tanstack/react-query';
import { CheckPasswordResponse } from '@signet/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type PasswordCheck = z.infer<typeof CheckPasswordResponse>;

/** POST /v1/check-password: the server's password policy verdict (spec §5). */
export function checkPassword(password: string, signal?: AbortSignal): Promise<PasswordCheck> {
  return apiRequest(
    '/v1/check-password',
    { method: 'POST', body: { password }, signal },
    CheckPasswordResponse,
  );
}

/** Live check while typing; `password` should already be debounced. */
export function useCheckPassword(password: string) {
  return useQuery({
    queryKey: ['check-password', password],
    queryFn: ({ signal }) => checkPassword(password, signal),
    enabled: password.length > 0,
    staleTime: Infinity,
    retry: false,
  });
}
