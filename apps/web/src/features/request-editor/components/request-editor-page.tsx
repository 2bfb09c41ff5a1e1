import { PlannedPage } from '../../../components/planned-page.tsx';

// Being built (issue 6): the request editor for a draft.
export function RequestEditorPage(_props: { requestId: string }) {
  return <PlannedPage />;
}
