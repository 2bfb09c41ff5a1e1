import type { DialogComponentProps } from '../../../components/dialog-host.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { openDialog } from '../../../components/dialog-store.ts';
import { deleteVisualSignature } from '../api/delete-visual-signature.ts';

/** Spec §2 visual-signature dialog "delete signature": names the one that goes. */
export function DeleteSignatureDialog(props: DialogComponentProps) {
  const alias = String(props.descriptor.props?.alias ?? '');
  return (
    <ConfirmDialog
      {...props}
      keys="visual-signatures:delete_dialog"
      values={{ alias }}
      action="delete"
      danger
    />
  );
}

/** Asks before deleting; `onDeleted` runs after the deletion (the page reads its list again). */
export function openDeleteSignatureDialog(
  signature: { id: string; alias: string },
  onDeleted: () => void,
): string {
  return openDialog({
    namespace: 'visual-signature',
    name: 'delete-signature',
    props: { alias: signature.alias },
    onAction: async (action) => {
      if (action !== 'delete') return;
      await deleteVisualSignature(signature.id);
      onDeleted();
    },
  });
}
