import { dialogRegistry, overlayRegistry } from './dialog-registry.ts';
import { DialogHost } from '../components/dialog-host.tsx';
import { OverlayHost } from '../components/overlay-host.tsx';
import { SnackbarHost } from '../components/snackbar-host.tsx';

/** The one dialog host, the one overlay host and the snackbars, with every registered dialog and overlay. */
export function UiHosts() {
  return (
    <>
      <DialogHost registry={dialogRegistry} />
      <OverlayHost registry={overlayRegistry} />
      <SnackbarHost />
    </>
  );
}
