import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessLifecycle } from '@signet/contracts/business-lifecycle';
import { businessLifecycleEndpoints } from '@signet/contracts/endpoints/business-lifecycle';
import { callApi } from '../../../lib/api-client.ts';
import { peopleKey } from './members.ts';

// Under the people's key: inviting, revoking and removing change the seats, and read it again.
const lifecycleKey = (businessId: string) => [...peopleKey(businessId), 'lifecycle'] as const;

/** The business's plan, seats and scheduled deletion (admins only). */
export function useLifecycle(businessId: string) {
  return useQuery({
    queryKey: lifecycleKey(businessId),
    queryFn: () => callApi(businessLifecycleEndpoints.getLifecycle, { params: { businessId }, retry: true }),
  });
}

/** A lifecycle call: its answer is the new state, shown without reading again. */
function useLifecycleChange(businessId: string, change: () => Promise<BusinessLifecycle>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (state) => queryClient.setQueryData(lifecycleKey(businessId), state),
  });
}

export function useScheduleDeletion(businessId: string) {
  return useLifecycleChange(businessId, () =>
    callApi(businessLifecycleEndpoints.deleteBusiness, { params: { businessId } }),
  );
}

export function useRevokeDeletion(businessId: string) {
  return useLifecycleChange(businessId, () =>
    callApi(businessLifecycleEndpoints.revokeDeletion, { params: { businessId } }),
  );
}
