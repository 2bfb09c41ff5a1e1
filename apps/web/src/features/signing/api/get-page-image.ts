import { useEffect, useState } from 'react';
import { defaultPageScale } from '@signet/contracts/documents';
import { apiBlob } from '../../../lib/api-client.ts';
import { accessPath, directToken, type SigningAccess } from '../access.ts';

/**
 * GET /v3/documents/{id}/pages/{n}?scale=: a page rendered by the API. A visitor's image is a plain
 * URL (the credentials ride in `?token=`); a user's needs the Bearer header, so it is fetched.
 */
export function pageImagePath(
  access: SigningAccess,
  documentId: string,
  page: number,
  scale: number,
): string {
  const token = directToken(access);
  const path = accessPath(access, `/v3/documents/${encodeURIComponent(documentId)}/pages/${page}`);
  return `${path}?scale=${scale}${token ? `&token=${encodeURIComponent(token)}` : ''}`;
}

export function fetchPageImage(
  documentId: string,
  page: number,
  scale = defaultPageScale,
  signal?: AbortSignal,
): Promise<Blob> {
  return apiBlob(`/v3/documents/${encodeURIComponent(documentId)}/pages/${page}`, {
    query: { scale },
    retry: true,
    signal,
  });
}

export type PageImageState =
  { status: 'idle' | 'loading' } | { status: 'ready'; src: string } | { status: 'error' };

/** Loads the page image once `visible` turns true; the object URL is released on unmount. */
export function usePageImage(
  access: SigningAccess,
  documentId: string,
  page: number,
  visible: boolean,
  scale = defaultPageScale,
): PageImageState {
  const [state, setState] = useState<PageImageState>({ status: 'idle' });
  const direct = access.kind === 'direct';
  const path = pageImagePath(access, documentId, page, scale);
  useEffect(() => {
    if (!visible) return;
    if (direct) {
      setState({ status: 'ready', src: `/api${path}` });
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    fetchPageImage(documentId, page, scale, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', src: url });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
    // `access` is described fully by `direct` and `path`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, direct, path]);
  return state;
}
