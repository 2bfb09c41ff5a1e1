import Box from '@mui/material/Box';
import type { DialogComponentProps } from '../../../../components/dialog-host.tsx';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { openDialog } from '../../../../components/dialog-store.ts';
import { removeMembers } from '../../api/members.ts';

/** Spec §2 business dialog "remove members": names who goes. */
export function RemoveMembersDialog(props: DialogComponentProps) {
  const names = (props.descriptor.props?.names as string[] | undefined) ?? [];
  return (
    <ConfirmDialog {...props} keys="dialogs.remove-members" action="confirm" danger>
      <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </Box>
    </ConfirmDialog>
  );
}

/** Asks, then removes the people from the business; `onRemoved` runs after (the page reads again). */
export function openRemoveMembersDialog(
  businessId: string,
  people: { id: string; name: string }[],
  onRemoved: () => void,
): string {
  return openDialog({
    namespace: 'business',
    name: 'remove-members',
    props: { names: people.map((person) => person.name) },
    onAction: async (action) => {
      if (action !== 'confirm') return;
      await removeMembers(
        businessId,
        people.map((person) => person.id),
      );
      onRemoved();
    },
  });
}
