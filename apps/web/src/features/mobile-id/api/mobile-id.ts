import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MobileIdState } from '@signet/contracts/mobile-id';
import { mobileIdEndpoints } from '@signet/contracts/endpoints/mobile-id';
import { callApi } from '../../../lib/api-client.ts';

const mobileIdKey = ['mobile-id'] as const;
/** While the phone has not approved the registration, the page asks again this often. */
const pendingPollMs = 3000;

/** The account's Mobile ID as the QTSP knows it; asked again while a registration waits for the phone. */
export function useMobileId() {
  return useQuery({
    queryKey: mobileIdKey,
    queryFn: () => callApi(mobileIdEndpoints.getMobileId, { retry: true }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? pendingPollMs : false),
  });
}

/** The answer of a change replaces the cached state at once (no second call). */
function useMobileIdChange<T>(change: (value: T) => Promise<MobileIdState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (state) => queryClient.setQueryData(mobileIdKey, state),
  });
}

export function useRegisterMobileId() {
  return useMobileIdChange((mobile: string) =>
    callApi(mobileIdEndpoints.registerMobileId, { body: { mobile } }),
  );
}

export function useRemoveMobileId() {
  return useMobileIdChange(async () => {
    await callApi(mobileIdEndpoints.removeMobileId);
    return { status: 'none', mobile: null, registeredAt: null } as const;
  });
}
