import type { DialogComponentProps } from '../../../components/dialog-host.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/** Spec §4 gates: the user was invited into a business and has not accepted yet. */
export function BusinessInvitationDialog(props: DialogComponentProps) {
  return (
    <ConfirmDialog {...props} keys="dialogs.business-invitation" action="accept" cancelLabel="common.later" />
  );
}

/** The business's trial ran out or it is locked; a member can only wait for the admin. */
export function BusinessLockedMemberDialog(props: DialogComponentProps) {
  return (
    <ConfirmDialog {...props} keys="dialogs.business-locked-member" action="logout" cancelLabel={null} />
  );
}

/** Removed from the business, or the business was deleted: back to a personal account after accepting the terms. */
export function BusinessDowngradedDialog(props: DialogComponentProps) {
  return <ConfirmDialog {...props} keys="dialogs.business-downgraded" action="accept" cancelLabel={null} />;
}
