import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryOf } from '@signet/contracts/endpoint';
import { visualSignatureEndpoints } from '@signet/contracts/endpoints/visual-signatures';
import { callApi } from '../../../lib/api-client.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { visualSignaturesKey } from './list-visual-signatures.ts';

/** Preview pictures at 2× (600 × 280 px for the 300 × 140 pt box): sharp on high-density screens. */
const scale = 200;

/**
 * The preview of a saved visual signature, fetched with the session's Authorization header (an
 * <img src> could not send it) and cached until the signature changes (`version`).
 */
export function useSignaturePreview(id: string, version: string) {
  const picture = useQuery({
    queryKey: [...visualSignaturesKey, 'preview', id, version],
    queryFn: ({ signal }) =>
      callApi(visualSignatureEndpoints.visualSignatureImage, {
        params: { id },
        query: { scale },
        retry: true,
        signal,
      }),
    staleTime: 60_000,
  });
  return { url: useObjectUrl(picture.data), failed: picture.isError, retry: () => void picture.refetch() };
}

type PreviewParams = Omit<
  NonNullable<QueryOf<typeof visualSignatureEndpoints.previewVisualSignature>>,
  'scale'
>;

/** The editor's live preview from the shortened parameters; the last picture stays while the next loads. */
export function useParameterPreview(params: PreviewParams) {
  const picture = useQuery({
    queryKey: [...visualSignaturesKey, 'live-preview', params],
    queryFn: ({ signal }) =>
      callApi(visualSignatureEndpoints.previewVisualSignature, { query: { ...params, scale }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return { url: useObjectUrl(picture.data), failed: picture.isError, loading: picture.isFetching };
}
