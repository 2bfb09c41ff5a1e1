import { randomBytes } from 'node:crypto';
import type { HighestQuality, SignatureQualities, User, UserAttributes } from '@signet/contracts/accounts';
import { defaultLanguage, type Language } from '@signet/contracts/common';
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

export function signatureQualitiesOf(row: UserRow): SignatureQualities {
  // AES and QES need an identification (identification issue); until then an account signs SES.
  return {
    ses: { any: row.emailVerified },
    aes: { any: false },
    aesMinimal: false,
    qes: { eidas: false, zertes: false },
    seal: { aes: false, qes: false },
  };
}

/** Spec §4: none unless the e-mail is verified; then qes, else aes, else ses. */
export function highestQualityOf(row: UserRow): HighestQuality {
  if (!row.emailVerified) return 'none';
  const q = signatureQualitiesOf(row);
  if (q.qes.eidas || q.qes.zertes) return 'qes';
  if (q.aes.any) return 'aes';
  return 'ses';
}

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    username: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    firstName: row.firstName,
    lastName: row.lastName,
    attributes: attributesOf(row),
    signatureQualities: signatureQualitiesOf(row),
    disabledQualities: [],
    retention: { enabled: false, days: 0 },
    hasSso: false,
    permissions: {
      visualSignatures: {
        claim: { canUpdate: true, defaultValue: true },
        date: { canUpdate: true, defaultValue: true },
        std: { canUpdate: true, defaultValue: true },
      },
    },
    createdAt: row.createdAt.toISOString(),
  };
}
