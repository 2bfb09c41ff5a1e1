import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateAes4BizBody } from '@signet/contracts/business-branding';
import { businessSettingsEndpoints } from '@signet/contracts/endpoints/business-settings';
import { callApi } from '../../../lib/api-client.ts';

const aes4bizKey = (businessId: string) => ['business', businessId, 'aes4biz'] as const;

export function useAes4Biz(businessId: string) {
  return useQuery({
    queryKey: aes4bizKey(businessId),
    queryFn: () => callApi(businessSettingsEndpoints.getAes4Biz, { params: { businessId }, retry: true }),
  });
}

export function useUpdateAes4Biz(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAes4BizBody) =>
      callApi(businessSettingsEndpoints.updateAes4Biz, { params: { businessId }, body }),
    onSuccess: (aes4biz) => queryClient.setQueryData(aes4bizKey(businessId), aes4biz),
  });
}
