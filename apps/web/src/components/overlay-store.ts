import { createStore, nextId } from '../lib/create-store.ts';

/** Spec §3 overlay descriptor: full-screen, one at a time. */
export interface OverlayDescriptor {
  id: string;
  name: string;
  props?: Record<string, unknown>;
  onAction?: (action: string, value?: unknown) => unknown;
}

export interface OverlayState {
  overlay: OverlayDescriptor | null;
  loading: boolean;
}

export const overlayStore = createStore<OverlayState>({ overlay: null, loading: false });

export function openOverlay(descriptor: Omit<OverlayDescriptor, 'id'>): string {
  const id = nextId('overlay');
  overlayStore.set({ overlay: { ...descriptor, id }, loading: false });
  return id;
}

export function closeOverlay(id?: string): void {
  const { overlay } = overlayStore.get();
  if (!overlay || (id && overlay.id !== id)) return;
  overlayStore.set({ overlay: null, loading: false });
}

/**
 * Spec §4: 'complete' closes the overlay; any other action sets loading while its handler runs.
 * A failing handler clears loading and keeps the overlay open; the error is reported, not thrown.
 */
export async function runOverlayAction(action: string, value?: unknown): Promise<'done' | 'failed'> {
  const { overlay } = overlayStore.get();
  if (!overlay) return 'done';
  if (action === 'complete') {
    closeOverlay(overlay.id);
    return 'done';
  }
  overlayStore.set({ overlay, loading: true });
  let outcome: 'done' | 'failed' = 'done';
  try {
    await overlay.onAction?.(action, value);
  } catch (error) {
    console.error('Overlay action failed', action, error);
    outcome = 'failed';
  }
  if (overlayStore.get().overlay?.id === overlay.id) overlayStore.set({ overlay, loading: false });
  return outcome;
}
