import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '../../lib/api/get-user.ts';
import { storeToken, type Token } from '../../lib/session.ts';

/** Signs an account in (after login or signup): its session kept for the tabs, the user read afresh. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    async (session: Token) => {
      storeToken(session);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
    [queryClient],
  );
}
