import { z } from 'zod';
import { QualityUnavailableReason } from './accounts.ts';
import { Legislation } from './common.ts';

/**
 * Stable error codes of the API. Each line says when it happens. The code is part of the API:
 * clients branch on it, so codes are never renamed. The API's error handler (apps/api/src/plugins/errors.ts) maps them; the web app
 * switches on them. Adding one is adding a line here.
 */
export const errorCodes = {
  /** A request body, query or path parameter failed its schema; `field` names it. */
  VALIDATION_FAILED: 400,
  /** The body is not valid JSON. */
  MALFORMED_JSON: 400,
  /** The body's content type is not one the route accepts. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The body is larger than the route allows. */
  PAYLOAD_TOO_LARGE: 413,
  /** The path has a malformed percent-encoding (e.g. `%E0%A4%A`, `%zz`). */
  MALFORMED_URL: 400,
  /** A path segment is longer than any valid value could be (over 100 characters). */
  URL_TOO_LONG: 414,
  /** The HTTP request itself is malformed (raw bytes or spaces in the path, bad header characters, conflicting lengths). */
  MALFORMED_REQUEST: 400,
  /** The request's headers together are larger than the server accepts. */
  HEADERS_TOO_LARGE: 431,
  /** The request did not arrive completely in time. */
  REQUEST_TIMEOUT: 408,
  /** A multipart body without a boundary, not following its boundary, or cut short. */
  MALFORMED_MULTIPART: 400,
  /** No or an unknown, expired or revoked token. */
  UNAUTHENTICATED: 401,
  /** Wrong e-mail or password at login (deliberately the same for both). */
  INVALID_CREDENTIALS: 401,
  /** The current password given to confirm a change is wrong (not 401: the session itself is fine). */
  WRONG_PASSWORD: 400,
  /** Signed in, but this route is not for the caller's role. */
  FORBIDDEN: 403,
  /** The route is only for callers who are not signed in. */
  ALREADY_AUTHENTICATED: 403,
  /** Nothing at this path, or nothing the caller may see (never reveals existence). */
  NOT_FOUND: 404,
  /** A confirmation or reset token that is unknown, used or expired. */
  TOKEN_INVALID: 400,
  /** The password does not meet the policy; `field` is the password and the message says why. */
  PASSWORD_POLICY: 400,
  /** Signup for an e-mail that already has an account. */
  EMAIL_TAKEN: 409,
  /** Login, and starting an identification, need a verified e-mail. */
  EMAIL_NOT_VERIFIED: 403,
  /** Too many attempts; Retry-After says when to try again. */
  TOO_MANY_ATTEMPTS: 429,
  /** The platform is in a blocking maintenance. */
  MAINTENANCE: 503,
  /** GET /ready: something this process needs does not answer; `details.unavailable` names it. */
  NOT_READY: 503,
  /** The upload is not a PDF (judged by content, not by name). */
  PDF_NOT_A_PDF: 400,
  /** The PDF opens only with a user password that was not given or is wrong. */
  PDF_PASSWORD_REQUIRED: 400,
  /** The PDF is damaged beyond repair (truncated, broken structure). */
  PDF_DAMAGED: 400,
  /** The PDF needs more time or memory than a document may take. */
  PDF_RESOURCE_LIMIT: 400,
  /** The PDF's own rules forbid new signatures (permissions without form filling, or certified "no changes"). */
  PDF_SIGNING_NOT_PERMITTED: 400,
  /** An attachment of a type Signet does not accept. */
  ATTACHMENT_TYPE_NOT_ALLOWED: 415,
  /** A page number beyond the document's last page. */
  PAGE_NOT_FOUND: 404,
  /** The document belongs to an open request and cannot be deleted now. */
  DOCUMENT_IN_USE: 409,
  /** The request can no longer be changed (somebody signed, or it is closed). */
  REQUEST_NOT_EDITABLE: 409,
  /** The action needs an open request (it is a draft, signed, declined or withdrawn). */
  SIGNATURE_REQUEST_NOT_OPEN: 409,
  /** A signing link for a host page was asked for a request made without `embed`, or for no visitor. */
  NOT_EMBEDDABLE: 409,
  /** Signing order: an earlier signer has not signed yet. */
  NOT_YOUR_TURN: 409,
  /** The caller has signed (or declined) this request already. */
  ALREADY_SIGNED: 409,
  /** The caller is not a signer of this request. */
  NOT_A_SIGNER: 403,
  /** Another signature is being added to this request right now; retry after Retry-After. */
  REQUEST_LOCKED: 409,
  /** A free user has no free signatures left (spec §4). */
  FREE_SIGNATURES_EXHAUSTED: 403,
  /** The signer may not sign at the request's quality (e.g. QES without identification); `details.reason` says what is missing. */
  QUALITY_NOT_AVAILABLE: 403,
  /** Part 11 needs a signing name and reason, and the password re-entered. */
  PART11_DATA_REQUIRED: 400,
  /** The TAN is wrong; attempts remain. */
  TAN_INVALID: 400,
  /** The TAN has expired; ask for a new one. */
  TAN_EXPIRED: 400,
  /** Three wrong TANs: this signing is locked; start again. */
  TAN_LOCKED: 423,
  /** QES sends the TAN by SMS: the signer needs a mobile number. */
  MOBILE_REQUIRED: 400,
  /** No pending signing with this response id for the caller. */
  SIGNING_NOT_FOUND: 404,
  /** The signer's identity does not match the identification on record. */
  SERIAL_NUMBER_MISMATCH: 409,
  /** The signer cancelled the TAN step. */
  TAN_CANCELLED: 409,
  /** QES with Mobile ID: the signer declined the signing on their phone; nothing was signed. */
  MOBILE_ID_DECLINED: 409,
  /** QES: too many signings started or codes re-sent (per signer, request or mobile) this hour; see Retry-After. */
  SIGNING_RATE_LIMITED: 429,
  /** QES: too many wrong codes; the signer may not sign with a code until Retry-After. */
  SIGNING_BLOCKED: 429,
  /** A trust service (QTSP, timestamp, revocation, identification provider) failed; nothing was signed or started. */
  TRUST_SERVICE_UNAVAILABLE: 503,
  /** Deleting an open request: withdraw it first. */
  REQUEST_STILL_OPEN: 409,
  /** Removing the only signer of a request (a request keeps at least one). */
  LAST_SIGNER: 409,
  /** Removing the only document of a request (a request keeps at least one). */
  LAST_DOCUMENT: 409,
  /** Adding, delegating to or claiming for someone who signs this request already. */
  ALREADY_A_SIGNER: 409,
  /** Too many reminders in a short time. */
  REMINDER_TOO_SOON: 429,
  /** A business route for members of a business: the caller belongs to none. */
  BUSINESS_MEMBERS_ONLY: 403,
  /** A business route for its admins: the caller is a member, not an admin. */
  BUSINESS_ADMINS_ONLY: 403,
  /** Creating or accepting an invitation into a business while belonging to one (one business per account). */
  ALREADY_IN_BUSINESS: 409,
  /** Removing or demoting the business's last admin (a business keeps at least one). */
  LAST_ADMIN: 409,
  /** Deleting a business whose deletion is scheduled already (revoke it first to change the date). */
  BUSINESS_DELETION_SCHEDULED: 409,
  /** Revoking the deletion of a business whose deletion is not scheduled. */
  BUSINESS_DELETION_NOT_SCHEDULED: 409,
  /** Cancelling the trial of a business that is not in its trial (spec §4 TRIALING). */
  TRIAL_NOT_ACTIVE: 409,
  /** Inviting more people than the business has free seats; `details.seatsLeft` says how many are free. */
  SEATS_EXHAUSTED: 409,
  /** A user id that is not a member of this business (remove, change role, seal members). */
  NOT_A_MEMBER: 400,
  /** Creating a seal whose account name another seal in Signet has. */
  SEAL_NAME_TAKEN: 409,
  /** No seal with this account name in the caller's business. */
  SEAL_NOT_FOUND: 404,
  /** The caller's business has this seal, but the caller may not sign with it (not added to it). */
  SEAL_NOT_ALLOWED: 403,
  /** Adding a domain the business already claims, or one another business has verified. */
  DOMAIN_TAKEN: 409,
  /** The domain's DNS has no TXT record with the business's verification value (yet); `details.dnsFinding` says what was found. */
  DOMAIN_NOT_VERIFIED: 409,
  /** Creating an API user with a username some business's API user has already. */
  API_USERNAME_TAKEN: 409,
  /** A webhook or callback URL names a loopback, private, link-local (…) address, or a host that does not resolve. */
  WEBHOOK_URL_REFUSED: 400,
  /** The DNS could not be asked (no answer, server failure); try again later. */
  DNS_UNAVAILABLE: 503,
  /** A business invitation link that is unknown, or an invitation its business revoked. */
  INVITATION_NOT_FOUND: 404,
  /** A business invitation nobody answered before its expiry; the business must invite again. */
  INVITATION_EXPIRED: 410,
  /** A business invitation addressed to another e-mail address than the signed-in account's. */
  INVITATION_WRONG_ACCOUNT: 403,
  /** A business invitation that was accepted or declined already. */
  INVITATION_ANSWERED: 409,
  /** Starting an identification for a legislation the caller is identified for already (with a matching name). */
  ALREADY_IDENTIFIED: 409,
  /** A provider webhook without a valid signature of the shared key (or with none). */
  WEBHOOK_SIGNATURE_INVALID: 401,
  /** A provider webhook whose timestamp is more than 5 minutes from Signet's clock. */
  WEBHOOK_TIMESTAMP_STALE: 400,
  /** A provider webhook whose event id Signet received already; nothing changed. */
  WEBHOOK_REPLAYED: 409,
  /** A payments event (Stripe) whose `Stripe-Signature` does not verify under STRIPE_WEBHOOK_SECRET or is too old; nothing changed. */
  PAYMENTS_EVENT_INVALID: 400,
  /** The payment provider refused the card or debit (declined, insufficient funds); `details.declineCode` is its decline code. Nothing changed. */
  PAYMENT_DECLINED: 402,
  /** The payment provider did not answer or answered an error Signet cannot act on; try again later. Nothing changed. */
  PAYMENTS_UNAVAILABLE: 502,
  /** Seats, cancelling, reactivating or the portal asked of a business without a live provider subscription (or a customer). */
  NO_SUBSCRIPTION: 409,
  /** A call of one payment provider (the Chargebee portal) for a business another provider bills; `details.provider` names that one. */
  WRONG_PAYMENT_PROVIDER: 409,
  /** An eID login (ID Austria) whose state is unknown, expired, used already, or not the caller's; start again. */
  EID_LOGIN_INVALID: 400,
  /** The eID provider refused the login (cancelled, code replayed) or its ID token failed a check (signature, issuer, nonce); `details.reason` says which. */
  EID_LOGIN_REFUSED: 400,
  /** Single sign-on settings whose issuer could not be discovered or used (no OpenID Connect metadata, unreachable); `field` is `issuer`. */
  IDENTITY_PROVIDER_UNUSABLE: 400,
  /** Taking over a single sign-on's session that is unknown, expired, used already, or not this browser's (its login cookie); start again. */
  SSO_LOGIN_INVALID: 400,
  /** PUT /v1/user: a field an eID vouched for (immutable_eid_fields) cannot be changed; `field` names it. */
  EID_FIELD_IMMUTABLE: 409,
  /** A custom signature image that is not a PNG or JPEG (judged by content) or cannot be decoded. */
  IMAGE_NOT_SUPPORTED: 415,
  /** A custom signature image whose dimensions exceed 25 megapixels (a decompression bomb, or simply too big). */
  IMAGE_TOO_MANY_PIXELS: 400,
  /** A visual-signature switch the caller's business fixes (permissions.visualSignatures) sent with another value. */
  VISUAL_SIGNATURE_SETTING_LOCKED: 403,
  /** Saving one visual signature more than a person may keep (20). */
  VISUAL_SIGNATURE_LIMIT: 409,
  /** Anything unexpected; the body reveals nothing internal. */
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** Every code the API can answer with, as a closed set. */
export const errorCodeList = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(errorCodeList);

/** Structured facts about an error that a client may act on (never parsed out of the message). */
export const ErrorDetails = z.object({
  /** TAN_INVALID: how many more codes may be tried before the signing locks. */
  remainingAttempts: z.number().int().nonnegative().optional(),
  /** 429 and 503 answers: the same as the Retry-After header, in seconds. */
  retryAfterSeconds: z.number().int().nonnegative().optional(),
  /** QUALITY_NOT_AVAILABLE: what the signer lacks, and for which legislation. */
  reason: QualityUnavailableReason.optional(),
  legislation: Legislation.optional(),
  /** EID_LOGIN_REFUSED: why the eID login did not count. */
  eidRefusal: z.enum(['cancelled', 'providerError', 'tokenInvalid']).optional(),
  /** DOMAIN_NOT_VERIFIED: no TXT record at the verification name, or only records with other values. */
  dnsFinding: z.enum(['noRecord', 'otherValue']).optional(),
  /**
   * PDF_SIGNING_NOT_PERMITTED: the rule that forbids signing: the encryption permissions (the
   * owner password, given as the upload's `password`, lifts them) or a "no changes" certification.
   */
  signingRestriction: z.enum(['permissions', 'certification']).optional(),
  /** SEATS_EXHAUSTED: the seats still free (members and pending invitations take one each). */
  seatsLeft: z.number().int().nonnegative().optional(),
  /** PAYMENT_DECLINED: the provider's decline code (card_declined, insufficient_funds, …). */
  declineCode: z.string().max(100).optional(),
  /** WRONG_PAYMENT_PROVIDER: the provider that bills the business (null: none yet). */
  provider: z.enum(['STRIPE', 'CHARGEBEE', 'MANUAL']).nullable().optional(),
  /** NOT_READY: the readiness checks that failed. */
  unavailable: z.array(z.enum(['database', 'blobStore', 'trustServices'])).optional(),
  /** The input the error is about (also the top-level `field`). */
  field: z.string().optional(),
});
export type ErrorDetails = z.infer<typeof ErrorDetails>;

/** Every 4xx/5xx body. `code` is one of the stable codes; `field` names the offending input when there is one. */
export const ErrorResponse = z.object({
  statusCode: z.number().int(),
  code: ErrorCodeSchema,
  message: z.string(),
  field: z.string().optional(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  details: ErrorDetails.optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
