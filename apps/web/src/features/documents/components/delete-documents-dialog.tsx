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

export function openDeleteDocumentsDialog(ids: readonly string[], onDeleted?: () => void): string {
  return openDialog({
    namespace: 'general',
    name: 'delete-documents',
    props: { ids: [...ids] },
    onAction: async (action) => {
      if (action !== 'delete') return;
      await deleteDocuments(ids);
      onDeleted?.();
    },
  });
}
