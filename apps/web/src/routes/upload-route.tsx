import { useSearch } from '@tanstack/react-router';
import { deleteDocument } from '../features/documents/api/delete-document.ts';
import { RequestEditorPage } from '../features/request-editor/components/request-editor-page.tsx';
import { UploadPage } from '../features/upload/components/upload-page.tsx';

/**
 * /upload has two steps (spec §3 query parameter `sr`): without `sr` the user picks and uploads PDFs,
 * which makes a draft request; with `sr` the request editor opens that draft.
 */
export function UploadRoute() {
  const { sr } = useSearch({ strict: false }) as { sr?: string };
  return sr ? <RequestEditorPage requestId={sr} /> : <UploadPage discard={deleteDocument} />;
}
