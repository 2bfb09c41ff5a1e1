import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateSealDataBody } from '@signet/contracts/business-seals';
import type { Seal } from '@signet/contracts/businesses';
import { businessSealEndpoints } from '@signet/contracts/endpoints/business-seals';
import { businessEndpoints } from '@signet/contracts/endpoints/businesses';
import { callApi, uploadWithProgress } from '../../../lib/api-client.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';

const sealsKey = (businessId: string) => ['business', businessId, 'seals'] as const;
const sealKey = (businessId: string, name: string) => [...sealsKey(businessId), name] as const;

/** The business's seals, each with whether the caller may sign with it. */
export function useSeals(businessId: string) {
  return useQuery({
    queryKey: sealsKey(businessId),
    queryFn: async () =>
      (await callApi(businessSealEndpoints.listSeals, { params: { businessId }, retry: true })).seals,
  });
}

/** One seal with the members who may sign with it (admins). */
export function useSeal(businessId: string, name: string) {
  return useQuery({
    queryKey: sealKey(businessId, name),
    queryFn: () => callApi(businessSealEndpoints.getSeal, { params: { businessId, name }, retry: true }),
  });
}

/**
 * A change whose answer is the seal: it replaces the cached seal, and the list (counts, image flag)
 * is read again, and the picture too after an image change.
 */
function useSealChange<T>(
  businessId: string,
  name: string,
  change: (value: T) => Promise<Seal>,
  imageChanged = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (seal) => {
      queryClient.setQueryData(sealKey(businessId, name), seal);
      void queryClient.invalidateQueries({ queryKey: sealsKey(businessId), exact: true });
      if (imageChanged)
        void queryClient.invalidateQueries({ queryKey: [...sealKey(businessId, name), 'image'] });
    },
  });
}

export function useCreateSeal(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { accountName: string; displayName: string }) =>
      callApi(businessSealEndpoints.createSeal, { params: { businessId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sealsKey(businessId), exact: true }),
  });
}

export function useRenameSeal(businessId: string, name: string) {
  return useSealChange(businessId, name, (displayName: string) =>
    callApi(businessSealEndpoints.updateSeal, { params: { businessId, name }, body: { displayName } }),
  );
}

export function useSealMembersChange(businessId: string, name: string) {
  return useSealChange(businessId, name, ({ userIds, allow }: { userIds: string[]; allow: boolean }) =>
    callApi(allow ? businessSealEndpoints.addSealMembers : businessSealEndpoints.removeSealMembers, {
      params: { businessId, name },
      body: { user_ids: userIds },
    }),
  );
}

/** Uploads (PNG, JPEG or WebP) or, given null, removes the seal's image. */
export function useSealImageChange(businessId: string, name: string) {
  return useSealChange(
    businessId,
    name,
    (file: File | null) => {
      if (!file) return callApi(businessSealEndpoints.deleteSealImage, { params: { businessId, name } });
      const form = new FormData();
      form.append('image', file, file.name);
      return uploadWithProgress(businessSealEndpoints.uploadSealImage, {
        params: { businessId, name },
        body: form,
      });
    },
    true,
  );
}

/**
 * The seal's image as an object URL, fetched with the session's Authorization header (an <img src>
 * could not send it); null while loading or when it has none.
 */
export function useSealImage(businessId: string, name: string, hasImage: boolean) {
  const picture = useQuery({
    queryKey: [...sealKey(businessId, name), 'image'],
    enabled: hasImage,
    queryFn: ({ signal }) =>
      callApi(businessSealEndpoints.sealImage, { params: { businessId, name }, retry: true, signal }),
  });
  return { url: useObjectUrl(hasImage ? picture.data : undefined), failed: picture.isError };
}

export function useSealData(businessId: string, name: string) {
  return useQuery({
    queryKey: [...sealKey(businessId, name), 'data'],
    queryFn: () => callApi(businessSealEndpoints.getSealData, { params: { businessId, name }, retry: true }),
  });
}

export function useUpdateSealData(businessId: string, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSealDataBody) =>
      callApi(businessSealEndpoints.updateSealData, { params: { businessId, name }, body }),
    onSuccess: (data) => queryClient.setQueryData([...sealKey(businessId, name), 'data'], data),
  });
}

/** The business's people, to choose members for a seal from (admins only). */
export function useBusinessMembers(businessId: string) {
  return useQuery({
    queryKey: ['business', businessId, 'people', 'members'],
    queryFn: async () =>
      (await callApi(businessEndpoints.listMembers, { params: { businessId }, retry: true })).members,
  });
}
