import { createStore, nextId, type Store } from '../lib/create-store.ts';

/** What a slot shows: a component by name, its props, and `onAction` for the actions it reports. */
export interface SlotDescriptor {
  id: string;
  name: string;
  props?: Record<string, unknown>;
  onAction?: (action: string, value?: unknown) => unknown;
}

/** The state of a slot named K: the one descriptor shown (or none), and whether its action runs. */
type SlotState<K extends string, D> = { [P in K]: D | null } & { loading: boolean };

/**
 * A place that shows one thing at a time (the dialog, the overlay): opening replaces what is shown,
 * closing by id leaves a newer one alone. The descriptor's id is `K-n`.
 */
export function createSlot<K extends string, D extends SlotDescriptor>(key: K) {
  const store: Store<SlotState<K, D>> = createStore({ [key]: null, loading: false } as SlotState<K, D>);
  const shown = () => store.get()[key] as D | null;
  const show = (descriptor: D | null, loading = false) =>
    store.set({ [key]: descriptor, loading } as SlotState<K, D>);
  return {
    store,
    shown,
    show,
    /** Shows the descriptor, replacing what is shown. Returns its id. */
    open(descriptor: Omit<D, 'id'>): string {
      const id = nextId(key);
      show({ ...descriptor, id } as D);
      return id;
    },
    /** Closes what is shown; with an id, only if that one is still shown. */
    close(id?: string): void {
      const current = shown();
      if (!current || (id && current.id !== id)) return;
      show(null);
    },
  };
}
