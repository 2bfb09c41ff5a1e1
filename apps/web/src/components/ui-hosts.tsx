import { dialogRegistry, overlayRegistry } from '../routes/dialog-registry.ts';
import { DialogHost } from './dialog-host.tsx';
import { OverlayHost } from './overlay-host.tsx';
import { SnackbarHost } from './snackbar-host.tsx';

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
