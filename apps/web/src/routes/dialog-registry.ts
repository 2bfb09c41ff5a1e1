import { lazy, type ComponentType } from 'react';
import type { DialogComponentProps, DialogRegistry } from '../components/dialog-host.tsx';
import type { OverlayRegistry } from '../components/overlay-host.tsx';
import { BaseOverlay } from '../components/base-overlay.tsx';

// Dialogs load on first use; none of them is needed to show a page.
const base = lazy(() => import('../components/confirm-dialog.tsx').then((m) => ({ default: m.BaseDialog })));
function load<M>(loader: () => Promise<M>, pick: (module: M) => ComponentType<DialogComponentProps>) {
  return lazy(() => loader().then((module) => ({ default: pick(module) })));
}
const account = () => import('../features/account/components/account-dialogs.tsx');
const gates = () => import('../features/business/components/gate-dialogs.tsx');
const autoDeletion = () => import('../features/business/components/auto-deletion-dialog.tsx');

/** Spec §2 dialogs by namespace. Names without their own component show the base dialog. */
export const dialogNames = {
  document: [
    'add-observer',
    'add-signer',
    'delegate',
    'remove-signer',
    'supply-eid-data',
    'tan-entry',
    'terms-of-use',
    'upgrade-standards',
    'visual-signature-data',
    'withdraw',
  ],
  business: [
    'business-downgraded',
    'business-invitation',
    'business-locked-member',
    'cancel-subscription',
    'cancel-trial',
    'free-plan-downgrade',
    'remove-members',
    'remove-seats',
    'transactional-satisfaction-survey',
  ],
  profile: ['delete-account', 'leave-business'],
  'visual-signature': ['delete-signature'],
  general: [
    'base',
    'accept-terms',
    'activate-auto-deletion',
    'deactivate-auto-deletion',
    'connect-id-austria',
    'decline-signing-request',
    'delete-documents',
    'fair-flat-migration',
    'free-migration',
    'leave-page',
    'part11-info',
    'relationship-satisfaction-survey',
  ],
} as const;

const implemented: DialogRegistry = {
  'general/accept-terms': load(account, (m) => m.AcceptTermsDialog),
  'general/leave-page': load(account, (m) => m.LeavePageDialog),
  'general/part11-info': load(account, (m) => m.Part11InfoDialog),
  'general/decline-signing-request': load(
    () => import('../features/signature-requests/components/decline-dialog.tsx'),
    (m) => m.DeclineDialog,
  ),
  'general/delete-documents': load(
    () => import('../features/documents/components/delete-documents-dialog.tsx'),
    (m) => m.DeleteDocumentsDialog,
  ),
  'general/activate-auto-deletion': load(autoDeletion, (m) => m.ActivateAutoDeletionDialog),
  'general/deactivate-auto-deletion': load(autoDeletion, (m) => m.DeactivateAutoDeletionDialog),
  'business/business-invitation': load(gates, (m) => m.BusinessInvitationDialog),
  'business/business-locked-member': load(gates, (m) => m.BusinessLockedMemberDialog),
  'business/business-downgraded': load(gates, (m) => m.BusinessDowngradedDialog),
};

export const dialogRegistry: DialogRegistry = Object.fromEntries(
  Object.entries(dialogNames).flatMap(([namespace, names]) =>
    names.map((name) => {
      const key = `${namespace}/${name}`;
      return [key, implemented[key] ?? base];
    }),
  ),
);

/** Spec §2 overlays. */
export const overlayNames = [
  'add-seats',
  'delete-user',
  'edit-signature',
  'exhausted-signatures',
  'mobile-aes',
  'part11-verification',
  'serial-number-mismatch',
  'signing',
  'signing-failure',
  'signing-locked',
  'signing-success',
  'tan-expired',
  'tan-invalid',
  'tan-locked',
] as const;

export const overlayRegistry: OverlayRegistry = Object.fromEntries(
  overlayNames.map((name) => [name, BaseOverlay]),
);
