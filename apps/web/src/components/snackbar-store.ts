import { createStore, nextId } from '../lib/create-store.ts';

export const defaultSnackbarMs = 3000;

/** Spec §3 snackbar. `message` is a translation key; `values` fill its placeholders. */
export interface Snackbar {
  id: string;
  message: string;
  values?: Record<string, string | number>;
  color: 'success' | 'info' | 'warning' | 'error';
  duration: number;
  indefinite: boolean;
  dismissible: boolean;
  action?: { text: string; handler: () => void };
}

export type SnackbarInput = Pick<Snackbar, 'message'> & Partial<Omit<Snackbar, 'id' | 'message'>>;

export const snackbarStore = createStore<Snackbar[]>([]);

export function showSnackbar(input: SnackbarInput): string {
  const snackbar: Snackbar = {
    id: nextId('snackbar'),
    color: 'info',
    duration: defaultSnackbarMs,
    indefinite: false,
    dismissible: true,
    ...input,
  };
  snackbarStore.set((list) => [...list, snackbar]);
  return snackbar.id;
}

/** Removed on close, dismiss or action click (spec §4). */
export function removeSnackbar(id: string): void {
  snackbarStore.set((list) => list.filter((item) => item.id !== id));
}

/** How long the snackbar stays: null means until dismissed. */
export function snackbarHideAfter(snackbar: Snackbar): number | null {
  return snackbar.indefinite ? null : snackbar.duration;
}
