import { randomBytes } from 'node:crypto';
import type { HighestQuality, SignatureQualities, User, UserAttributes } from '@signet/contracts/accounts';
import { defaultLanguage, type Language } from '@signet/contracts/common';
import type { EvidenceQualities } from '../identification/identification-evidence.service.ts';
import { defaultVisualSignaturePermissions } from '@signet/contracts/visual-signatures';
import type { UserRow } from './accounts.repository.ts';

// A user as the API describes them: attributes with their defaults, and the qualities they may sign.

/** Free individual users start with this many signatures (spec §4 free credit). */
const initialFreeSignatures = 5;

/** A new account's attributes. */
export function defaultAttributes(lang: Language, mobile: string | null): UserAttributes {
  return {
    lang,
    accepted_gtc: false,
    accepted_business_invite: false,
    accepted_tou_swisscom: false,
    weak_password: false,
    removed_from_business: false,
    business_deleted: false,
    free_signatures_remaining: initialFreeSignatures,
    free_account_type: 'free_v1',
    immutable_eid_fields: [],
    signer_identity_email: null,
    mobile,
    p11_signing_name: null,
    p11_signing_reason: null,
    email_notification_level: 'all',
    default_legislation: 'zertes',
    default_quality: 'ses',
    visual_signature_name: null,
    referral_code: randomBytes(5).toString('hex'),
    avatar: 'f2',
  };
}

/** The stored attributes, with defaults for those added since the account was made. */
export function attributesOf(row: UserRow): UserAttributes {
  const stored = row.attributes as Partial<UserAttributes>;
  return { ...defaultAttributes(defaultLanguage, null), ...stored };
}

/**
 * The qualities an account may sign with, from its verified e-mail and its identifications' evidence
 * (identification-evidence.service.ts has the rules): QES per legislation after a matching
 * identification for it, AES after any. `aesMinimal` is the proof Signet itself holds: a verified
 * e-mail address and a mobile number on record (where the codes of a signing go).
 */
function signatureQualitiesOf(row: UserRow, evidence: EvidenceQualities): SignatureQualities {
  const verified = row.emailVerified;
  return {
    ses: { any: verified },
    aes: { any: verified && evidence.aes.available },
    aesMinimal: verified && Boolean(attributesOf(row).mobile),
    qes: {
      eidas: verified && evidence.qes.eidas.available,
      zertes: verified && evidence.qes.zertes.available,
    },
    seal: { aes: false, qes: false },
  };
}

/**
 * Spec §4: none unless the e-mail is verified; then qes (demo when every QES the account has comes
 * from a simulated identification), else aes, else ses.
 */
export function highestQualityOf(row: UserRow, evidence: EvidenceQualities): HighestQuality {
  if (!row.emailVerified) return 'none';
  const qes = [evidence.qes.eidas, evidence.qes.zertes].filter((q) => q.available);
  if (qes.length > 0) return qes.every((q) => q.demo) ? 'demo' : 'qes';
  if (evidence.aes.available) return 'aes';
  return 'ses';
}

export function toUserDto(row: UserRow, evidence: EvidenceQualities): User {
  return {
    id: row.id,
    username: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    firstName: row.firstName,
    lastName: row.lastName,
    attributes: attributesOf(row),
    signatureQualities: signatureQualitiesOf(row, evidence),
    disabledQualities: [],
    retention: { enabled: row.retentionEnabled, days: row.retentionDays },
    hasSso: row.hasSso,
    // A business narrows these for its members (getUser asks it).
    permissions: { visualSignatures: defaultVisualSignaturePermissions },
    createdAt: row.createdAt.toISOString(),
  };
}
