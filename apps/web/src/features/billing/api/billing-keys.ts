import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every billing answer of the business: a change reads them all again. */
export const billingKey = (businessId: string) => ['business', businessId, 'billing'] as const;

/** A change of the business's billing: its billing answers (and its seats elsewhere) are read again. */
export function useBillingChange<T, R>(businessId: string, change: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['business', businessId] }),
  });
}
