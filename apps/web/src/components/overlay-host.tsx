import { Suspense, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Modal from '@mui/material/Modal';
import { overlayStore, runOverlayAction, type OverlayDescriptor } from './overlay-store.ts';
import { useStore } from '../lib/create-store.ts';

export interface OverlayComponentProps {
  descriptor: OverlayDescriptor;
  loading: boolean;
  onAction: (action: string, value?: unknown) => void;
}

export type OverlayRegistry = Record<string, ComponentType<OverlayComponentProps>>;

/** Spec §9: the overlay's backdrop sits at z-index 1900. */
export const overlayZIndex = 1900;
export const overlayTitleId = 'signet-overlay-title';

/** Full-screen overlay on a white, opaque backdrop that neither a click nor Escape dismisses. */
export function OverlayHost({ registry }: { registry: OverlayRegistry }) {
  const { overlay, loading } = useStore(overlayStore);
  const Content = overlay ? registry[overlay.name] : undefined;
  return (
    <Modal
      open={Boolean(overlay && Content)}
      // Persistent: neither Escape nor a click on the backdrop closes it; only its own actions do.
      onClose={() => {}}
      disableScrollLock
      aria-labelledby={overlayTitleId}
      sx={{ zIndex: overlayZIndex }}
      slotProps={{
        backdrop: {
          sx: { backgroundColor: '#ffffff', opacity: 1 },
          'data-testid': 'overlay-backdrop',
        } as object,
      }}
    >
      <Box
        sx={{
          position: 'fixed',
          inset: 0,
          overflow: 'auto',
          bgcolor: 'background.paper',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: 3,
          outline: 'none',
        }}
      >
        {loading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        {overlay && Content && (
          <Suspense fallback={<LinearProgress />}>
            <Content
              key={overlay.id}
              descriptor={overlay}
              loading={loading}
              onAction={(action, value) => void runOverlayAction(action, value)}
            />
          </Suspense>
        )}
      </Box>
    </Modal>
  );
}
