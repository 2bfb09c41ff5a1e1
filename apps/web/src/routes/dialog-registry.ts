import { lazy, type ComponentType } from 'react';
import type { DialogRegistry } from '../components/dialog-host.tsx';
import type { OverlayRegistry } from '../components/overlay-host.tsx';
import { BaseOverlay } from '../components/base-overlay.tsx';

/** A component of a module loaded on first use: no dialog or overlay is needed to show a page. */
function load<M, P>(loader: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(() => loader().then((module) => ({ default: pick(module) })));
}

/** Every name with its own component, or the fallback while it has none. */
function registry<P>(
  names: readonly string[],
  implemented: Record<string, ComponentType<P>>,
  fallback: ComponentType<P>,
): Record<string, ComponentType<P>> {
  return Object.fromEntries(names.map((name) => [name, implemented[name] ?? fallback]));
}

const base = load(
  () => import('../components/confirm-dialog.tsx'),
  (m) => m.BaseDialog,
);
const account = () => import('../features/account/components/account-dialogs.tsx');
const profileDialogs = () => import('../features/account/components/profile-dialogs.tsx');
const gates = () => import('../features/business/components/gate-dialogs.tsx');
const autoDeletion = () => import('../features/business/components/auto-deletion-dialog.tsx');
const documentDialogs = () => import('../features/signing/components/document-dialogs.tsx');
const signingOverlays = () => import('../features/signing/components/signing-overlays.tsx');
const seatsChange = () => import('../features/billing/components/seats-change.tsx');
const subscriptionDialogs = () => import('../features/billing/components/subscription-dialogs.tsx');
const planMigrationDialogs = () => import('../features/billing/components/plan-migration-dialogs.tsx');

/** Spec §2 dialogs by namespace. Names without their own component show the base dialog. */
const dialogNames = {
  document: [
    'add-observer',
    'add-signer',
    'delegate',
    'remove-signer',
    'supply-eid-data',
    'tan-entry',
    'mobile-id-approval',
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
  'general/connect-id-austria': load(
    () => import('../features/eid/components/connect-id-austria-dialog.tsx'),
    (m) => m.ConnectIdAustriaDialog,
  ),
  'profile/delete-account': load(profileDialogs, (m) => m.DeleteAccountDialog),
  'profile/leave-business': load(profileDialogs, (m) => m.LeaveBusinessDialog),
  'general/leave-page': load(account, (m) => m.LeavePageDialog),
  'general/part11-info': load(account, (m) => m.Part11InfoDialog),
  'general/decline-signing-request': load(
    () => import('../features/signing/components/decline-dialog.tsx'),
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
  'business/remove-members': load(
    () => import('../features/business/components/members/remove-members-dialog.tsx'),
    (m) => m.RemoveMembersDialog,
  ),
  'business/remove-seats': load(seatsChange, (m) => m.RemoveSeatsDialog),
  'business/cancel-subscription': load(subscriptionDialogs, (m) => m.CancelSubscriptionDialog),
  'business/cancel-trial': load(subscriptionDialogs, (m) => m.CancelTrialDialog),
  'business/free-plan-downgrade': load(subscriptionDialogs, (m) => m.FreePlanDowngradeDialog),
  'general/fair-flat-migration': load(planMigrationDialogs, (m) => m.FairFlatMigrationDialog),
  'general/free-migration': load(planMigrationDialogs, (m) => m.FreeMigrationDialog),
  'document/add-observer': load(documentDialogs, (m) => m.AddObserverDialog),
  'document/add-signer': load(documentDialogs, (m) => m.AddSignerDialog),
  'document/delegate': load(documentDialogs, (m) => m.DelegateDialog),
  'document/remove-signer': load(documentDialogs, (m) => m.RemoveSignerDialog),
  'document/tan-entry': load(documentDialogs, (m) => m.TanEntryDialog),
  'document/mobile-id-approval': load(
    () => import('../features/signing/components/mobile-id-approval-dialog.tsx'),
    (m) => m.MobileIdApprovalDialog,
  ),
  'document/terms-of-use': load(documentDialogs, (m) => m.TermsOfUseDialog),
  'document/upgrade-standards': load(documentDialogs, (m) => m.UpgradeStandardsDialog),
  'document/visual-signature-data': load(documentDialogs, (m) => m.VisualSignatureDataDialog),
  'document/withdraw': load(documentDialogs, (m) => m.WithdrawDialog),
  'document/supply-eid-data': load(
    () => import('../features/identification/components/supply-eid-data-dialog.tsx'),
    (m) => m.SupplyEidDataDialog,
  ),
  'visual-signature/delete-signature': load(
    () => import('../features/visual-signatures/components/delete-signature-dialog.tsx'),
    (m) => m.DeleteSignatureDialog,
  ),
};

export const dialogRegistry: DialogRegistry = registry(
  Object.entries(dialogNames).flatMap(([namespace, names]) => names.map((name) => `${namespace}/${name}`)),
  implemented,
  base,
);

/** Spec §2 overlays. */
const overlayNames = [
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

const implementedOverlays: OverlayRegistry = {
  signing: load(signingOverlays, (m) => m.SigningProgressOverlay),
  'signing-success': load(signingOverlays, (m) => m.SigningSuccessOverlay),
  'signing-failure': load(signingOverlays, (m) => m.SigningFailureOverlay),
  'signing-locked': load(signingOverlays, (m) => m.SigningLockedOverlay),
  'tan-expired': load(signingOverlays, (m) => m.TanExpiredOverlay),
  'tan-invalid': load(signingOverlays, (m) => m.TanInvalidOverlay),
  'tan-locked': load(signingOverlays, (m) => m.TanLockedOverlay),
  'exhausted-signatures': load(signingOverlays, (m) => m.ExhaustedSignaturesOverlay),
  'part11-verification': load(signingOverlays, (m) => m.Part11VerificationOverlay),
  'serial-number-mismatch': load(signingOverlays, (m) => m.SerialNumberMismatchOverlay),
  'mobile-aes': load(signingOverlays, (m) => m.MobileAesOverlay),
  'add-seats': load(seatsChange, (m) => m.AddSeatsOverlay),
};

export const overlayRegistry: OverlayRegistry = registry(overlayNames, implementedOverlays, BaseOverlay);
