import { useQuery } from '@tanstack/react-query';
import { CheckPasswordBody, CheckPasswordResponse } from '@signet/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type PasswordCheck = z.infer<typeof CheckPasswordResponse>;

/** The person's names and address, which the password must not be made of. */
export type PasswordOwner = Omit<z.input<typeof CheckPasswordBody>, 'password'>;

/** POST /v1/check-password: the server's password policy verdict (spec §5). */
export function checkPassword(
  password: string,
  owner: PasswordOwner = {},
  signal?: AbortSignal,
): Promise<PasswordCheck> {
  return apiRequest(
    '/v1/check-password',
    { method: 'POST', body: CheckPasswordBody.parse({ password, ...owner }), signal },
    CheckPasswordResponse,
  );
}

/** Live check while typing; `password` and `owner` should already be debounced. */
export function useCheckPassword(password: string, owner: PasswordOwner = {}) {
  return useQuery({
    queryKey: ['check-password', password, owner],
    queryFn: ({ signal }) => checkPassword(password, owner, signal),
    enabled: password.length > 0,
    staleTime: Infinity,
    retry: false,
  });
}
