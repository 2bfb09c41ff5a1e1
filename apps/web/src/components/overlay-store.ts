import { createSlot, type SlotDescriptor } from './slot-store.ts';

/** Spec §3 overlay descriptor: full-screen, one at a time. */
export type OverlayDescriptor = SlotDescriptor;

const slot = createSlot<'overlay', OverlayDescriptor>('overlay');
export const overlayStore = slot.store;
export const openOverlay = slot.open;
export const closeOverlay = slot.close;

/**
 * Spec §4: 'complete' closes the overlay; any other action sets loading while its handler runs.
 * A failing handler clears loading and keeps the overlay open; the error is reported, not thrown.
 */
export async function runOverlayAction(action: string, value?: unknown): Promise<'done' | 'failed'> {
  const overlay = slot.shown();
  if (!overlay) return 'done';
  if (action === 'complete') {
    closeOverlay(overlay.id);
    return 'done';
  }
  slot.show(overlay, true);
  let outcome: 'done' | 'failed' = 'done';
  try {
    await overlay.onAction?.(action, value);
  } catch (error) {
    console.error('Overlay action failed', action, error);
    outcome = 'failed';
  }
  if (slot.shown()?.id === overlay.id) slot.show(overlay);
  return outcome;
}
