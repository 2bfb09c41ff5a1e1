import { linkOptions } from '@tanstack/react-router';
import type { QualityUnavailableReason } from '@signet/contracts/accounts';
import type { Legislation } from '@signet/contracts/common';
import type { SignatureQualities } from '../../lib/api/get-signature-qualities.ts';
import type { SigningAccess } from '../../lib/signing-access.ts';
import type { UpgradeReason } from './signing-outcome.ts';

/** What the upgrade-standards dialog is opened with (signing-flow.ts). */
export interface UpgradeDialogProps extends UpgradeReason {
  access: SigningAccess;
  requestId: string | null;
}

/**
 * Why QES (of the legislation, or of either) is not available to the account: the first reason the
 * qualities detail gives, or null when nothing is missing.
 */
export function missingFor(
  detail: SignatureQualities,
  legislation: Legislation | null,
): QualityUnavailableReason | null {
  const qes = detail.qualities.filter(
    (q) => q.quality === 'qes' && !q.available && (!legislation || q.legislation === legislation),
  );
  if (!detail.emailVerified) return 'EMAIL_NOT_VERIFIED';
  return qes[0]?.reason ?? null;
}

/**
 * Where the dialog leads: a visitor to the identification page of their request; an account user
 * to confirm the e-mail, to the legislation's ways to identify, or to the overview of their
 * identifications (one is under way, or the name differs) — with the request to return to.
 */
export function upgradeLink(
  access: SigningAccess,
  reason: QualityUnavailableReason | null,
  legislation: Legislation | null,
  requestId: string | undefined,
) {
  if (access.kind === 'direct')
    return linkOptions({
      to: '/direct-sign/identification/$id/$userid',
      params: { id: access.requestId, userid: access.signerId },
    });
  const search = requestId ? { sr: requestId } : {};
  if (reason === 'EMAIL_NOT_VERIFIED') return linkOptions({ to: '/profile/confirm' });
  if (reason === 'IDENTIFICATION_NAME_MISMATCH')
    return linkOptions({ to: '/profile/signature-standards/zertes/personal-details', search });
  if (reason === 'IDENTIFICATION_REQUIRED' && legislation === 'eidas')
    return linkOptions({ to: '/profile/signature-standards/eidas', search });
  if (reason === 'IDENTIFICATION_REQUIRED' && legislation === 'zertes')
    return linkOptions({ to: '/profile/signature-standards/zertes', search });
  return linkOptions({ to: '/profile/signature-standards', search });
}
