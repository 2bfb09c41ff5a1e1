import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useStore } from '../lib/create-store.ts';
import { BaseOverlay } from './base-overlay.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DialogHost, type DialogComponentProps } from './dialog-host.tsx';
import { closeDialog, dialogStore, openDialog, runDialogAction } from './dialog-store.ts';
import { OverlayHost, overlayZIndex } from './overlay-host.tsx';
import { closeOverlay, openOverlay, overlayStore, runOverlayAction } from './overlay-store.ts';
import { SnackbarHost } from './snackbar-host.tsx';
import { defaultSnackbarMs, showSnackbar, snackbarStore } from './snackbar-store.ts';
import { useScrollLock } from './use-scroll-lock.ts';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-gb', resources: {}, returnNull: false });
});

afterEach(() => {
  closeDialog();
  closeOverlay();
  snackbarStore.set([]);
  vi.useRealTimers();
});

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const TestDialog = (props: DialogComponentProps) => <ConfirmDialog {...props} keys="test" />;
const registry = { 'general/test': TestDialog, 'general/other': TestDialog };

describe('dialog (spec §4)', () => {
  it('keeps at most one dialog: opening another replaces it', () => {
    openDialog({ namespace: 'general', name: 'test' });
    const second = openDialog({ namespace: 'general', name: 'other' });
    expect(dialogStore.get().dialog?.id).toBe(second);
  });

  it('runs the action with loading set, then closes', async () => {
    const gate = deferred();
    openDialog({ namespace: 'general', name: 'test', onAction: () => gate.promise });
    const running = runDialogAction('confirm');
    expect(dialogStore.get().loading).toBe(true);
    gate.resolve();
    await running;
    expect(dialogStore.get()).toEqual({ dialog: null, loading: false });
  });

  it('does not close a dialog that replaced it meanwhile', async () => {
    const gate = deferred();
    openDialog({ namespace: 'general', name: 'test', onAction: () => gate.promise });
    const running = runDialogAction('confirm');
    const replacement = openDialog({ namespace: 'general', name: 'other' });
    gate.resolve();
    await running;
    expect(dialogStore.get().dialog?.id).toBe(replacement);
  });

  it('stays open with loading cleared when the action fails', async () => {
    openDialog({ namespace: 'general', name: 'test', onAction: () => Promise.reject(new Error('no')) });
    await expect(runDialogAction('confirm')).rejects.toThrow('no');
    expect(dialogStore.get().dialog?.name).toBe('test');
    expect(dialogStore.get().loading).toBe(false);
  });

  it('renders in the host, labelled, and closes after the confirm click', async () => {
    const onAction = vi.fn();
    render(<DialogHost registry={registry} />);
    act(() => void openDialog({ namespace: 'general', name: 'test', onAction }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-labelledby')).toBe('signet-dialog-title');
    fireEvent.click(screen.getByRole('button', { name: 'test.confirm' }));
    await waitFor(() => expect(onAction).toHaveBeenCalledWith('confirm', undefined));
    await waitFor(() => expect(dialogStore.get().dialog).toBeNull());
  });
});

describe('overlay (spec §4)', () => {
  it("closes on 'complete'", async () => {
    openOverlay({ name: 'signing' });
    await runOverlayAction('complete');
    expect(overlayStore.get().overlay).toBeNull();
  });

  it('sets loading while the handler runs, and a failing handler clears it and keeps the overlay', async () => {
    const gate = deferred();
    openOverlay({ name: 'signing', onAction: () => gate.promise });
    const running = runOverlayAction('retry');
    expect(overlayStore.get().loading).toBe(true);
    gate.reject(new Error('failed'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(running).resolves.toBe('failed');
    expect(overlayStore.get()).toMatchObject({ overlay: { name: 'signing' }, loading: false });
  });

  it('shows a white opaque persistent backdrop at z-index 1900', async () => {
    render(<OverlayHost registry={{ signing: BaseOverlay }} />);
    act(() => void openOverlay({ name: 'signing' }));
    const backdrop = await screen.findByTestId('overlay-backdrop');
    expect(getComputedStyle(backdrop).backgroundColor).toBe('rgb(255, 255, 255)');
    expect(getComputedStyle(backdrop).opacity).toBe('1');
    expect(overlayZIndex).toBe(1900);
    expect(getComputedStyle(backdrop.parentElement!).zIndex).toBe('1900');
    fireEvent.keyDown(backdrop, { key: 'Escape' });
    fireEvent.click(backdrop);
    expect(overlayStore.get().overlay?.name).toBe('signing');
    fireEvent.click(screen.getByRole('button', { name: 'common.continue' }));
    await waitFor(() => expect(overlayStore.get().overlay).toBeNull());
  });
});

describe('snackbar (spec §3/§9)', () => {
  it('hides after 3000 ms by default', () => {
    vi.useFakeTimers();
    render(<SnackbarHost />);
    act(() => void showSnackbar({ message: 'hello' }));
    expect(screen.getByText('hello')).toBeTruthy();
    act(() => vi.advanceTimersByTime(defaultSnackbarMs - 100));
    expect(snackbarStore.get()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    expect(snackbarStore.get()).toHaveLength(0);
  });

  it('stays when indefinite, and is removed on dismiss', () => {
    vi.useFakeTimers();
    render(<SnackbarHost />);
    act(() => void showSnackbar({ message: 'stay', indefinite: true }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(snackbarStore.get()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'common.close' }));
    expect(snackbarStore.get()).toHaveLength(0);
  });

  it('runs the action and removes the snackbar', () => {
    const handler = vi.fn();
    render(<SnackbarHost />);
    act(() => void showSnackbar({ message: 'undo?', action: { text: 'undo', handler } }));
    fireEvent.click(screen.getByRole('button', { name: 'undo' }));
    expect(handler).toHaveBeenCalledOnce();
    expect(snackbarStore.get()).toHaveLength(0);
  });
});

function ScrollLockProbe() {
  const { dialog } = useStore(dialogStore);
  const { overlay } = useStore(overlayStore);
  useScrollLock(Boolean(dialog || overlay));
  return null;
}

describe('scroll lock (spec §4)', () => {
  it('locks the page while a dialog or an overlay is open', () => {
    render(<ScrollLockProbe />);
    expect(document.body.style.overflow).toBe('');
    act(() => void openDialog({ namespace: 'general', name: 'test' }));
    expect(document.body.style.overflow).toBe('hidden');
    act(() => closeDialog());
    expect(document.body.style.overflow).toBe('');
    act(() => void openOverlay({ name: 'signing' }));
    expect(document.body.style.overflow).toBe('hidden');
    act(() => closeOverlay());
    expect(document.body.style.overflow).toBe('');
  });
});
