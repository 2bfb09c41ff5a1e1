import type { DialogComponentProps } from '../../../components/dialog-host.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { openDialog } from '../../../components/dialog-store.ts';
import { deleteDocuments } from '../api/delete-document.ts';

export function DeleteDocumentsDialog(props: DialogComponentProps) {
  const ids = (props.descriptor.props?.ids as string[] | undefined) ?? [];
  return (
    <ConfirmDialog
      {...props}
      keys="dialogs.delete-documents"
      values={{ count: ids.length }}
      action="delete"
      danger
    />
  );
}

/**
 * Asks before deleting documents for good. `remove` replaces the plain deletion when more goes with
 * the documents (the dashboard deletes the signature requests first, then their documents).
 */
export function openDeleteDocumentsDialog(
  ids: readonly string[],
  onDeleted?: () => void,
  remove: () => Promise<void> = () => deleteDocuments(ids),
): string {
  return openDialog({
    namespace: 'general',
    name: 'delete-documents',
    props: { ids: [...ids] },
    onAction: async (action) => {
      if (action !== 'delete') return;
      try {
        await remove();
      } finally {
        // Some may be gone even when one failed: the caller reads its list again either way.
        onDeleted?.();
      }
    },
  });
}
