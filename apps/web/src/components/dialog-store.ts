import { createStore, nextId } from '../lib/create-store.ts';

type DialogNamespace = 'document' | 'business' | 'profile' | 'visual-signature' | 'general';

/** Spec §3 dialog descriptor. `onAction` runs when the dialog reports an action (confirm, accept …). */
export interface DialogDescriptor {
  id: string;
  namespace: DialogNamespace;
  name: string;
  props?: Record<string, unknown>;
  onAction?: (action: string, value?: unknown) => unknown;
}

export interface DialogState {
  dialog: DialogDescriptor | null;
  loading: boolean;
}

export const dialogStore = createStore<DialogState>({ dialog: null, loading: false });

/** Opens a dialog, replacing the one shown (there is at most one). Returns its id. */
export function openDialog(descriptor: Omit<DialogDescriptor, 'id'>): string {
  const id = nextId('dialog');
  dialogStore.set({ dialog: { ...descriptor, id }, loading: false });
  return id;
}

/** Closes the dialog; with an id, only if that dialog is still the one shown. */
export function closeDialog(id?: string): void {
  const { dialog } = dialogStore.get();
  if (!dialog || (id && dialog.id !== id)) return;
  dialogStore.set({ dialog: null, loading: false });
}

/**
 * Spec §4: the action runs with loading set, then the dialog closes unless the action opened
 * another dialog meanwhile. A failing action leaves the dialog open (loading cleared) and rethrows.
 */
export async function runDialogAction(action: string, value?: unknown): Promise<void> {
  const { dialog } = dialogStore.get();
  if (!dialog) return;
  dialogStore.set({ dialog, loading: true });
  try {
    await dialog.onAction?.(action, value);
  } catch (error) {
    if (dialogStore.get().dialog?.id === dialog.id) dialogStore.set({ dialog, loading: false });
    throw error;
  }
  closeDialog(dialog.id);
}
