import { PlannedPage } from '../../../components/planned-page.tsx';

// Being built (issue 6): drag-and-drop upload with a progress bar per file.
export function UploadPage() {
  return <PlannedPage />;
}
