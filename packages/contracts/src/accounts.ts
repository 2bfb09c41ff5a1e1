import { z } from 'zod';
import { Email, Language, Legislation, Phone } from './common.ts';
import { IdentificationOverview } from './identification.ts';

export const qualities = ['ses', 'aes', 'qes', 'part11'] as const;
export const Quality = z.enum(qualities);
export type Quality = z.infer<typeof Quality>;

/** Highest quality a user can sign with (spec §4): none until the e-mail is verified. */
export const HighestQuality = z.enum(['none', 'ses', 'aes', 'qes', 'demo']);
export type HighestQuality = z.infer<typeof HighestQuality>;

export const passwordMaxLength = 128;
export const passwordMinLength = 10;
/** Stable reasons a password fails the policy (check-password, register, change, reset). */
export const PasswordErrorCode = z.enum([
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_NEEDS_LETTER',
  'PASSWORD_NEEDS_DIGIT',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_CONTAINS_NAME',
]);
export type PasswordErrorCode = z.infer<typeof PasswordErrorCode>;

const Name = z.string().trim().min(1).max(100);
const Password = z.string().min(1).max(passwordMaxLength);
export const OneTimeToken = z.string().min(16).max(200);

/** Spec §3 User attributes. Values are strings, booleans or numbers as the spec's client reads them. */
export const UserAttributes = z.object({
  lang: Language,
  accepted_gtc: z.boolean(),
  accepted_business_invite: z.boolean(),
  accepted_tou_swisscom: z.boolean(),
  weak_password: z.boolean(),
  removed_from_business: z.boolean(),
  business_deleted: z.boolean(),
  free_signatures_remaining: z.number().int(),
  free_account_type: z.string(),
  immutable_eid_fields: z.array(z.string()),
  signer_identity_email: z.string().nullable(),
  mobile: z.string().nullable(),
  p11_signing_name: z.string().nullable(),
  p11_signing_reason: z.string().nullable(),
  email_notification_level: z.enum(['all', 'important', 'none']),
  default_legislation: z.enum(['eidas', 'zertes']),
  default_quality: z.enum(['ses', 'aes', 'qes']),
  visual_signature_name: z.string().nullable(),
  referral_code: z.string(),
  avatar: z.string(),
});
export type UserAttributes = z.infer<typeof UserAttributes>;

const Permission = z.object({ canUpdate: z.boolean(), defaultValue: z.boolean() });
/**
 * Which visual-signature switches a person may change (spec §3 permissions.visualSignatures):
 * `claim` is displayClaim, `date` displayDate, `std` displayStandards. Where canUpdate is false the
 * stamp shows defaultValue, whatever the person saved; a business sets them for its members.
 */
export const VisualSignaturePermissions = z.object({ claim: Permission, date: Permission, std: Permission });
export type VisualSignaturePermissions = z.infer<typeof VisualSignaturePermissions>;

export const SignatureQualities = z.object({
  ses: z.object({ any: z.boolean() }),
  aes: z.object({ any: z.boolean() }),
  aesMinimal: z.boolean(),
  qes: z.object({ eidas: z.boolean(), zertes: z.boolean() }),
  seal: z.object({ aes: z.boolean(), qes: z.boolean() }),
});
export type SignatureQualities = z.infer<typeof SignatureQualities>;

/**
 * Automatic deletion of the user's finished requests (spec §3 User retention): `days` after a request
 * was signed, declined or withdrawn, it is deleted with its documents.
 */
export const retentionDaysMin = 1;
export const retentionDaysMax = 3650;
export const Retention = z.object({
  enabled: z.boolean(),
  days: z.number().int().min(retentionDaysMin).max(retentionDaysMax),
});
export type Retention = z.infer<typeof Retention>;

export const User = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  attributes: UserAttributes,
  signatureQualities: SignatureQualities,
  disabledQualities: z.array(Quality),
  retention: Retention,
  hasSso: z.boolean(),
  permissions: z.object({
    visualSignatures: VisualSignaturePermissions,
  }),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

/** POST /v1/request-confirmation: start signup (or re-verify the signed-in user's e-mail). */
export const RequestConfirmationBody = z.strictObject({ email: Email, lang: Language.optional() });
/** POST /v1/valid-confirmation: check the mailed token; for a signed-in user it also verifies the e-mail. */
export const ValidConfirmationBody = z.strictObject({ token: OneTimeToken });
export const ValidConfirmationResponse = z.object({ valid: z.boolean(), email: z.string().nullable() });

/** What a new account holder gives at signup, personal or business (spec §3 Registration). */
export const newAccountFields = {
  firstName: Name,
  lastName: Name,
  password: Password,
  gtc: z.literal(true, { error: 'You must accept the terms' }),
  lang: Language.optional(),
  mobile: Phone.optional(),
  /** The referral code a signup link carried (spec §2 `ucc`). */
  celloUCC: z.string().max(100).optional(),
};

/** Spec §3 Registration. The token comes from the confirmation mail and proves the e-mail. */
export const RegisterBody = z.strictObject({
  token: OneTimeToken,
  ...newAccountFields,
  avatar: z.string().max(20).optional(),
});

/**
 * A client that signed in before sends the device token it got then: its password attempts are
 * let through while the account is throttled for everyone else (a Signet addition to the spec).
 */
const DeviceToken = z.string().min(16).max(200);
/** Login returns the spec's Token: value and expiration (24 h). */
export const LoginBody = z.strictObject({
  email: Email,
  password: Password,
  deviceToken: DeviceToken.optional(),
});
export const TokenResponse = z.object({ value: z.string(), expiration: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;
/**
 * The spec's Token and this client's device token for the account, to keep and send with the next
 * login. It is no credential: it signs nobody in and opens no other call.
 */
export const LoginResponse = TokenResponse.extend({ deviceToken: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * The person's names and e-mail address as far as the client knows them (signup), which count
 * against the password; for a signed-in caller the server adds the account's own.
 */
export const CheckPasswordBody = z.strictObject({
  password: z.string().max(1000),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
});
export const CheckPasswordResponse = z.object({
  valid: z.boolean(),
  errorCode: PasswordErrorCode.nullable(),
});
export const ChangePasswordBody = z.strictObject({ oldPassword: Password, newPassword: Password });
export const RequestResetBody = z.strictObject({ email: Email, lang: Language.optional() });
export const ResetPasswordBody = z.strictObject({ token: OneTimeToken, password: Password });

export const AcceptBody = z.strictObject({ accept: z.enum(['business_invite', 'gtc', 'tou_swisscom']) });
export const DeleteUserBody = z.strictObject({ password: Password });

/**
 * POST /v1/user/cello: the referral widget's token for the signed-in user. A Signet referral token
 * (HS256 JWT, MAC key from the installation secrets): issuer signet, audience signet-referral, subject
 * the user id, `referral_code` their referral code attribute; valid for an hour.
 */
export const ReferralTokenResponse = z.object({
  token: z.string(),
  expiration: z.string(),
  referralCode: z.string(),
});

/** PUT /v1/user: the fields a user may change about themselves. */
export const UpdateUserBody = z.strictObject({
  firstName: Name.optional(),
  lastName: Name.optional(),
  email: Email.optional(),
  attributes: z
    .strictObject({
      lang: Language.optional(),
      mobile: Phone.nullable().optional(),
      p11_signing_name: z.string().trim().max(100).nullable().optional(),
      p11_signing_reason: z.string().trim().max(200).nullable().optional(),
      email_notification_level: z.enum(['all', 'important', 'none']).optional(),
      default_legislation: z.enum(['eidas', 'zertes']).optional(),
      default_quality: z.enum(['ses', 'aes', 'qes']).optional(),
      visual_signature_name: z.string().trim().max(100).nullable().optional(),
    })
    .optional(),
  retention: z.strictObject(Retention.shape).optional(),
});

/**
 * Why a quality is not available: the e-mail is not verified; no identification for it yet; one is
 * under way; or the identified name differs from the account's.
 */
export const QualityUnavailableReason = z.enum([
  'EMAIL_NOT_VERIFIED',
  'IDENTIFICATION_REQUIRED',
  'IDENTIFICATION_ONGOING',
  'IDENTIFICATION_NAME_MISMATCH',
]);
export type QualityUnavailableReason = z.infer<typeof QualityUnavailableReason>;

export const SignatureQualitiesDetail = z.object({
  highestQuality: HighestQuality,
  emailVerified: z.boolean(),
  qualities: z.array(
    z.object({
      quality: Quality,
      legislation: Legislation.nullable(),
      available: z.boolean(),
      reason: QualityUnavailableReason.nullable(),
      /** QES from a simulated identification and QTSP (the sandbox): it is not legally binding. */
      demo: z.boolean(),
    }),
  ),
  /** Spec §3 Identification state: the latest identification per legislation and way. */
  identification: IdentificationOverview,
});

export const DatetimeResponse = z.object({ datetime: z.string(), timestamp: z.number() });
export const EmailAutocompleteQuery = z.strictObject({ q: z.string().max(254).default('') });
export const EmailAutocompleteResponse = z.object({ emails: z.array(z.string()) });
