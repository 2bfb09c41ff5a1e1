import { useEffect, useState } from 'react';
import { defaultPageScale } from '@signet/contracts/documents';
import { documentEndpoints } from '@signet/contracts/endpoints/documents';
import { callApi } from '../../../lib/api-client.ts';
import { accessKey, visitorOf, type SigningAccess } from '../access.ts';

/**
 * A page rendered by the API (a visitor's through the direct twin). Users and visitors alike fetch
 * it with the Authorization header and show it through an object URL: a credential in the image URL
 * would end up in logs and the browser history.
 */
function fetchPageImage(
  access: SigningAccess,
  documentId: string,
  page: number,
  scale = defaultPageScale,
  signal?: AbortSignal,
): Promise<Blob> {
  return callApi(documentEndpoints.documentPage, {
    params: { id: documentId, n: page },
    query: { scale },
    retry: true,
    signal,
    visitor: visitorOf(access),
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
  const who = accessKey(access);
  useEffect(() => {
    if (!visible) return;
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    fetchPageImage(access, documentId, page, scale, controller.signal).then(
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
    // `access` is described fully by `who` (the caller) and the page it asks for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, who, documentId, page, scale]);
  return state;
}
