import { createSlot, type SlotDescriptor } from './slot-store.ts';

type DialogNamespace = 'document' | 'business' | 'profile' | 'visual-signature' | 'general';

/** Spec §3 dialog descriptor: the dialog's name within its namespace; its actions are confirm, accept … */
export interface DialogDescriptor extends SlotDescriptor {
  namespace: DialogNamespace;
}

const slot = createSlot<'dialog', DialogDescriptor>('dialog');
export const dialogStore = slot.store;

/** Opens a dialog, replacing the one shown (there is at most one). Returns its id. */
export const openDialog = slot.open;

/** Closes the dialog; with an id, only if that dialog is still the one shown. */
export const closeDialog = slot.close;

/**
 * Spec §4: the action runs with loading set, then the dialog closes unless the action opened
 * another dialog meanwhile. A failing action leaves the dialog open (loading cleared) and rethrows.
 */
export async function runDialogAction(action: string, value?: unknown): Promise<void> {
  const dialog = slot.shown();
  if (!dialog) return;
  slot.show(dialog, true);
  try {
    await dialog.onAction?.(action, value);
  } catch (error) {
    if (slot.shown()?.id === dialog.id) slot.show(dialog);
    throw error;
  }
  closeDialog(dialog.id);
}
