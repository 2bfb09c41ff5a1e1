import { businessEndpoints } from '@signet/contracts/endpoints/businesses';
import type { DialogComponentProps } from '../../../components/dialog-host.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { openDialog } from '../../../components/dialog-store.ts';
import { callApi } from '../../../lib/api-client.ts';

export function ActivateAutoDeletionDialog(props: DialogComponentProps) {
  return <ConfirmDialog {...props} keys="dialogs.activate-auto-deletion" action="apply" />;
}

export function DeactivateAutoDeletionDialog(props: DialogComponentProps) {
  return <ConfirmDialog {...props} keys="dialogs.deactivate-auto-deletion" action="apply" danger />;
}

/** Switch automatic deletion of finished requests on or off for the business. */
export function openAutoDeletionDialog(businessId: string, enable: boolean, onChanged?: () => void): string {
  return openDialog({
    namespace: 'general',
    name: enable ? 'activate-auto-deletion' : 'deactivate-auto-deletion',
    onAction: async (action) => {
      if (action !== 'apply') return;
      await callApi(businessEndpoints.updateSettings, {
        params: { businessId },
        body: { signatureRequests: { retention: { enabled: enable } } },
      });
      onChanged?.();
    },
  });
}
