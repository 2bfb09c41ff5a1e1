import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessSettingsEndpoints } from '@signet/contracts/endpoints/business-settings';
import { callApi, uploadWithProgress } from '../../../lib/api-client.ts';
import { userBusinessQueryOptions } from '../../../lib/api/get-user-business.ts';

/**
 * After a logo change, everything of the business that carries the logo (settings, profile,
 * extras) and the header's business are read again.
 */
function useLogoChange<T>(businessId: string, change: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['business', businessId] });
      await queryClient.invalidateQueries({ queryKey: userBusinessQueryOptions.queryKey });
    },
  });
}

export function useUploadLogo(businessId: string) {
  return useLogoChange(businessId, (file: File) => {
    const form = new FormData();
    form.append('logo', file, file.name);
    return uploadWithProgress(businessSettingsEndpoints.uploadLogo, { params: { businessId }, body: form });
  });
}

export function useDeleteLogo(businessId: string) {
  return useLogoChange(businessId, () =>
    callApi(businessSettingsEndpoints.deleteLogo, { params: { businessId } }),
  );
}
