import { useCallback, useEffect, useReducer, useRef } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { uploadDocument } from '../api/upload-document.ts';
import {
  admit,
  checkFile,
  looksLikePdf,
  uploadErrorFor,
  uploadsReducer,
  type UploadItem,
} from '../upload-files.ts';

let counter = 0;

/**
 * The files of the upload page: each is checked, then uploaded on its own with its progress; a
 * refused file keeps its error and is never sent (or the API created nothing for it).
 */
export function useUploads(discard: (documentId: string) => Promise<void>) {
  const [items, dispatch] = useReducer(uploadsReducer, []);
  const files = useRef(new Map<string, File>());
  const aborts = useRef(new Map<string, AbortController>());
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  // Documents that went into a draft stay; the others are deleted when the user leaves the page,
  // so an abandoned upload leaves nothing behind.
  const kept = useRef(false);
  useEffect(() => {
    const running = aborts.current;
    return () => {
      running.forEach((controller) => controller.abort());
      if (kept.current) return;
      for (const item of itemsRef.current) if (item.document) void discard(item.document.id).catch(() => {});
    };
  }, [discard]);

  /** The uploaded documents are part of a draft now: leaving the page keeps them. */
  const keep = useCallback(() => {
    kept.current = true;
  }, []);

  const upload = useCallback((key: string, password: string | null) => {
    const file = files.current.get(key);
    if (!file) return;
    const controller = new AbortController();
    aborts.current.set(key, controller);
    dispatch({ type: 'start', key, password });
    uploadDocument(file, {
      password: password ?? undefined,
      signal: controller.signal,
      onProgress: (progress) => dispatch({ type: 'progress', key, progress }),
    })
      .then(
        (document) => dispatch({ type: 'done', key, document }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const code = isApiError(error)
            ? uploadErrorFor(
                error.code,
                error.statusCode,
                Boolean(password),
                error.details.signingRestriction,
              )
            : ('generic' as const);
          dispatch({ type: 'failed', key, error: code });
        },
      )
      .finally(() => aborts.current.delete(key));
  }, []);

  const add = useCallback(
    async (list: readonly File[]) => {
      const checked = await Promise.all(
        list.map(async (file) => {
          const error = checkFile(file);
          if (error) return error;
          const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
          return looksLikePdf(head) ? null : ('not_pdf' as const);
        }),
      );
      const verdicts = admit(
        itemsRef.current,
        list.map((file, index) => ({ size: file.size, error: checked[index] ?? null })),
      );
      const added: UploadItem[] = list.map((file, index) => {
        counter += 1;
        const key = `upload-${counter}`;
        files.current.set(key, file);
        const error = verdicts[index] ?? null;
        return {
          key,
          name: file.name,
          size: file.size,
          status: error ? 'error' : 'queued',
          progress: 0,
          error,
          password: null,
          document: null,
        };
      });
      dispatch({ type: 'add', items: added });
      for (const item of added) if (!item.error) upload(item.key, null);
    },
    [upload],
  );

  /** Takes a file off the list: an upload under way is cancelled, an uploaded document deleted. */
  const remove = useCallback(
    (key: string) => {
      aborts.current.get(key)?.abort();
      const item = itemsRef.current.find((candidate) => candidate.key === key);
      if (item?.document) void discard(item.document.id).catch(() => {});
      files.current.delete(key);
      dispatch({ type: 'remove', key });
    },
    [discard],
  );

  const retryWithPassword = useCallback((key: string, password: string) => upload(key, password), [upload]);

  return { items, add, remove, retryWithPassword, keep };
}
