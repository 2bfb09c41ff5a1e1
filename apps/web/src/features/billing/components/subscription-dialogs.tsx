import type { DialogComponentProps } from '../../../components/dialog-host.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { openDialog } from '../../../components/dialog-store.ts';
import { showSnackbar } from '../../../components/snackbar-store.ts';

const values = (props: DialogComponentProps) =>
  (props.descriptor.props?.values as Record<string, string> | undefined) ?? {};

/** Spec §2 dialog "cancel subscription": the plan stays until the end of the paid period. */
export function CancelSubscriptionDialog(props: DialogComponentProps) {
  return (
    <ConfirmDialog {...props} keys="billing:dialogs.cancel_subscription" values={values(props)} danger />
  );
}

/** Spec §2 dialog "cancel trial": the trial ends now; the business needs a plan to go on. */
export function CancelTrialDialog(props: DialogComponentProps) {
  return <ConfirmDialog {...props} keys="billing:dialogs.cancel_trial" danger />;
}

function openConfirm(
  name: 'cancel-subscription' | 'cancel-trial',
  run: () => Promise<unknown>,
  done: string,
  dialogValues: Record<string, string> = {},
): void {
  openDialog({
    namespace: 'business',
    name,
    props: { values: dialogValues },
    onAction: async (action) => {
      if (action !== 'confirm') return;
      await run();
      showSnackbar({ message: done, color: 'success' });
    },
  });
}

/** Asks, then cancels at the end of the period (`endsOn`: that day, written out). */
export const openCancelSubscriptionDialog = (cancel: () => Promise<unknown>, endsOn: string) =>
  openConfirm('cancel-subscription', cancel, 'billing:plan_page.cancelled', { date: endsOn });

/** Asks, then ends the trial now. */
export const openCancelTrialDialog = (cancel: () => Promise<unknown>) =>
  openConfirm('cancel-trial', cancel, 'billing:plan_page.trial_cancelled');
