import { Suspense, useState, type ComponentType } from 'react';
import Dialog from '@mui/material/Dialog';
import LinearProgress from '@mui/material/LinearProgress';
import { closeDialog, dialogStore, runDialogAction, type DialogDescriptor } from './dialog-store.ts';
import { showSnackbar } from './snackbar-store.ts';
import { useStore } from '../lib/create-store.ts';

export interface DialogComponentProps {
  descriptor: DialogDescriptor;
  loading: boolean;
  onAction: (action: string, value?: unknown) => void;
  onClose: () => void;
}

/** Registered dialogs by `namespace/name`. */
export type DialogRegistry = Record<string, ComponentType<DialogComponentProps>>;

export const dialogTitleId = 'signet-dialog-title';

export function DialogHost({ registry }: { registry: DialogRegistry }) {
  const { dialog: open, loading } = useStore(dialogStore);
  // A closed dialog keeps its content while it fades out: an emptied box would be a dialog without
  // a name for screen readers, and flicker. It goes once the exit transition has ended.
  const [leaving, setLeaving] = useState(open);
  if (open && open !== leaving) setLeaving(open);
  const dialog = open ?? leaving;
  const Content = dialog ? registry[`${dialog.namespace}/${dialog.name}`] : undefined;
  if (dialog && !Content) console.error(`Dialog not registered: ${dialog.namespace}/${dialog.name}`);
  const onAction = (action: string, value?: unknown) => {
    runDialogAction(action, value).catch((error: unknown) => {
      // Actions that already told the user what went wrong mark their error as handled.
      if (error instanceof Error && error.name === 'HandledError') return;
      console.error('Dialog action failed', error);
      showSnackbar({ message: 'global.error.generic', color: 'error' });
    });
  };
  // Suspense sits outside the dialog: it opens once its content has loaded, never as an empty box.
  return (
    <Suspense fallback={null}>
      <Dialog
        // Each dialog is a modal of its own: a dialog opened while the last one fades out is not
        // that one re-opened mid-transition, which left MUI's modal manager with the new dialog
        // aria-hidden (a screen reader, and the browser tests, found nothing on the page).
        key={dialog?.id}
        open={Boolean(open && Content)}
        slotProps={{ transition: { onExited: () => setLeaving(null) } }}
        onClose={() => !loading && closeDialog()}
        aria-labelledby={dialogTitleId}
        disableScrollLock
        fullWidth
        maxWidth="sm"
      >
        {loading && (
          <LinearProgress aria-hidden="true" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
        )}
        {dialog && Content && (
          <Content
            key={dialog.id}
            descriptor={dialog}
            loading={loading}
            onAction={onAction}
            onClose={() => closeDialog(dialog.id)}
          />
        )}
      </Dialog>
    </Suspense>
  );
}
