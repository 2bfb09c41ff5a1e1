import { useQuery } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@signet/contracts/endpoint';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** The server's password policy verdict (spec §5). */
export type PasswordCheck = ResponseOf<typeof accountEndpoints.checkPassword>;

/** The person's names and address, which the password must not be made of. */
export type PasswordOwner = Omit<BodyOf<typeof accountEndpoints.checkPassword>, 'password'>;

/** Live check while typing; `password` and `owner` should already be debounced. */
export function useCheckPassword(password: string, owner: PasswordOwner = {}) {
  return useQuery({
    queryKey: ['check-password', password, owner],
    queryFn: ({ signal }) =>
      callApi(accountEndpoints.checkPassword, { body: { password, ...owner }, signal }),
    enabled: password.length > 0,
    staleTime: Infinity,
    retry: false,
  });
}
