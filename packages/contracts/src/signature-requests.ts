import { z } from 'zod';
import { Email, Language, Phone } from './common.ts';
import { Attachment, Base64Document, Document } from './documents.ts';
import { ExistingFieldName } from './signature-fields.ts';

export const statuses = ['DRAFT', 'OPEN', 'SIGNED', 'DECLINED', 'WITHDRAWN'] as const;
export const RequestStatus = z.enum(statuses);
export type RequestStatus = z.infer<typeof RequestStatus>;
export const SignerStatus = z.enum(['OPEN', 'SIGNED', 'DECLINED']);

export const RequestQuality = z.enum(['ses', 'aes', 'qes', 'part11']);
export const RequestLegislation = z.enum(['eidas', 'zertes']);

/** Spec §9: default visual signature size. */
export const defaultSignatureWidth = 300;
export const defaultSignatureHeight = 140;

/**
 * Where a signer's visual signature goes: page 1-based; x, y, width, height in PDF points with the
 * origin at the top-left of the displayed page (the same numbers as pixels on the page image at
 * scale 100). Omitted on a document: the signature on it is invisible.
 */
export const Position = z.strictObject({
  page: z.number().int().min(1),
  x: z.number().min(0).max(20_000),
  y: z.number().min(0).max(20_000),
  width: z.number().min(20).max(2000).default(defaultSignatureWidth),
  height: z.number().min(10).max(2000).default(defaultSignatureHeight),
});
export type Position = z.infer<typeof Position>;

export const VisualSignature = z
  .strictObject({
    /** The request's document the position is on; the first document when omitted. */
    document_id: z.uuid().optional(),
    /** A new field's box; omitted when `field_name` names one of the document's own fields. */
    position: Position.optional(),
    /**
     * One of the document's empty signature fields (Document.signatureFields): the signer signs
     * into it, in its place and size, and no field is added for them on that document.
     */
    field_name: ExistingFieldName.optional(),
  })
  .refine((v) => (v.position === undefined) !== (v.field_name === undefined), {
    message: 'Give either position or field_name',
    path: ['position'],
  });

/** A visitor who signs through a link, without an account. */
export const SignerIdentityData = z.strictObject({
  email_address: Email,
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  mobile_number: Phone.optional(),
  language: Language.default('en-gb'),
});

export const SignatureInput = z
  .strictObject({
    /** An account holder, by e-mail (they sign when signed in). */
    account_email: Email.optional(),
    signer_identity_data: SignerIdentityData.optional(),
    visual_signatures: z.array(VisualSignature).max(20).default([]),
    /** This signer's quality, when it differs from the request's (e.g. one QES among AES signers). */
    quality: RequestQuality.optional(),
  })
  .refine((s) => Boolean(s.account_email) !== Boolean(s.signer_identity_data), {
    message: 'Give either account_email or signer_identity_data',
    path: ['account_email'],
  });
export type SignatureInput = z.infer<typeof SignatureInput>;

const HttpUrl = z
  .string()
  .max(2000)
  .optional()
  // Spec §5: redirect URLs must be http or https, otherwise they are ignored (not refused).
  .transform((value) => (value && /^https?:\/\/[^\s]+$/i.test(value) ? value : undefined));

/**
 * A callback URL of a request (Signet POSTs signed events there, like to a webhook): http or https
 * only, as redirect URLs (spec §5), but refused rather than ignored — a callback that silently never
 * came would be worse than a clear 400 naming the field.
 */
export const CallbackUrl = z
  .url({ protocol: /^https?$/, error: 'Give an http:// or https:// URL' })
  .max(2000, 'At most 2000 characters');

/** Spec §5/§9: 0 = immediate; otherwise clamped to 10..90 seconds; default 45. */
export const RedirectTimeout = z
  .number()
  .int()
  .optional()
  .transform((value) => (value === undefined ? 45 : value === 0 ? 0 : Math.min(90, Math.max(10, value))));

export const CreateSignatureRequestBody = z.strictObject({
  title: z.string().trim().min(1).max(200),
  message: z.string().trim().max(2000).optional(),
  /** Already uploaded documents by id, or new ones as base64. */
  documents: z
    .array(z.union([z.strictObject({ id: z.uuid() }), Base64Document]))
    .min(1)
    .max(10),
  signatures: z.array(SignatureInput).max(50).default([]),
  observers: z.array(Email).max(20).default([]),
  /** Omitted: the owner's default quality (their settings; SES unless they chose another). */
  quality: RequestQuality.optional(),
  /** Omitted: the owner's default legislation (their settings; ZertES unless they chose another). */
  legislation: RequestLegislation.optional(),
  /** Signers sign one after the other in the given order. */
  signing_order: z.boolean().default(false),
  exit_url: HttpUrl,
  error_url: HttpUrl,
  decline_url: HttpUrl,
  redirect_timeout: RedirectTimeout,
  /** Called at completion (`request.completed`). */
  success_callback_url: CallbackUrl.optional(),
  /** Called at every change (sent, viewed, signed by one signer, declined, withdrawn, completed). */
  update_callback_url: CallbackUrl.optional(),
  /** Called when the request ends without completion (declined, withdrawn, expired). */
  error_callback_url: CallbackUrl.optional(),
  /**
   * The visitors' signing page may be framed by the owner's business's embedOrigins (its settings),
   * and by no one else; a Signet addition for portals that embed signing. Business requests only.
   */
  embed: z.boolean().default(false),
});
export type CreateSignatureRequestBody = z.infer<typeof CreateSignatureRequestBody>;

/** PUT: `redirect_timeout` is clamped like at creation (0 = immediate, else 10..90); absent = unchanged. */
export const UpdateTimeout = z
  .number()
  .int()
  .optional()
  .transform((value) =>
    value === undefined ? undefined : value === 0 ? 0 : Math.min(90, Math.max(10, value)),
  );

/**
 * PUT while nobody has signed: the same fields, all optional (absent = unchanged); documents are
 * managed with POST/DELETE .../documents. `signatures` replaces the whole list: a signer given with
 * the same identity (account e-mail, or visitor e-mail) as before keeps its signer id and link.
 */
export const UpdateSignatureRequestBody = z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  /** null clears the message; absent leaves it. */
  message: z.string().trim().max(2000).nullable().optional(),
  signatures: z.array(SignatureInput).max(50).optional(),
  observers: z.array(Email).max(20).optional(),
  quality: RequestQuality.optional(),
  legislation: RequestLegislation.optional(),
  signing_order: z.boolean().optional(),
  /** null clears a URL; absent (or not http/https, spec §5) leaves it. */
  exit_url: HttpUrl.nullable(),
  error_url: HttpUrl.nullable(),
  decline_url: HttpUrl.nullable(),
  redirect_timeout: UpdateTimeout,
  /** null clears a callback URL; absent leaves it. */
  success_callback_url: CallbackUrl.nullable().optional(),
  update_callback_url: CallbackUrl.nullable().optional(),
  error_callback_url: CallbackUrl.nullable().optional(),
});

export const Signature = z.object({
  sid: z.string(),
  sequence: z.number().int(),
  signer_type: z.enum(['account', 'visitor']),
  account_email: z.string().nullable(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language: Language,
  status_code: SignerStatus,
  /** The quality this signer signs with (their own, else the request's). */
  quality: RequestQuality,
  signed_at: z.string().nullable(),
  declined_at: z.string().nullable(),
  decline_message: z.string().nullable(),
  /** `field_name` when the box is one of the document's own empty signature fields. */
  visual_signatures: z.array(
    z.object({ document_id: z.string(), position: Position, field_name: z.string().optional() }),
  ),
  /**
   * A visitor's mobile number (their TAN goes there), shown to the request's owner only, so that the
   * editor can send the signer list back unchanged; absent for everybody else.
   */
  mobile_number: z.string().nullable().optional(),
  /** True when it is this signer's turn (signing order) and the request is open. */
  can_sign_now: z.boolean(),
});
export type Signature = z.infer<typeof Signature>;

export const SignatureRequest = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string().nullable(),
  owner: z.object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    /** The owner's business: the signing page shows its name and logo (its public information). */
    business_id: z.string().nullable(),
  }),
  status_overall: RequestStatus,
  /** The caller's own signature status in this request, if they are a signer. */
  signature_status: SignerStatus.nullable(),
  signatures_count: z.number().int(),
  signed_count: z.number().int(),
  quality: RequestQuality,
  legislation: RequestLegislation,
  signing_order: z.boolean(),
  documents: z.array(Document),
  signatures: z.array(Signature),
  observers: z.array(z.string()),
  attachments: z.array(Attachment),
  exit_url: z.string().nullable(),
  error_url: z.string().nullable(),
  decline_url: z.string().nullable(),
  redirect_timeout: z.number().int(),
  /** The callback URLs: shown to the request's owner only (absent for everybody else). */
  success_callback_url: z.string().nullable().optional(),
  update_callback_url: z.string().nullable().optional(),
  error_callback_url: z.string().nullable().optional(),
  /** Made with `embed`: its signing page may be framed by the business's embedOrigins. */
  embed: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type SignatureRequest = z.infer<typeof SignatureRequest>;

/**
 * Dashboard filters (spec §4), relative to the caller:
 * - toSign: open requests where the caller's own signature is open and it is their turn.
 * - pending: open requests the caller owns or signs, waiting only for others.
 * - declined: requests that were declined by a signer or withdrawn by the owner.
 * - completed: requests every signer signed.
 * - all: every request the caller owns, signs or observes (drafts only their own).
 * Signet pages every filter the same way (page, size ≤ 100), newest change first. For deep pages a
 * client passes the previous answer's `next` as `after`: the page then starts right after that
 * answer's last item, however far down the list it is (page stays 1).
 */
export const dashboardFilters = ['toSign', 'pending', 'declined', 'completed', 'all'] as const;
export const DashboardFilter = z.enum(dashboardFilters);
export type DashboardFilter = z.infer<typeof DashboardFilter>;
export const ListSignatureRequestsQuery = z.strictObject({
  filter: DashboardFilter.default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  /** Narrows the filter to one overall status: the dashboard's drafts tab asks for DRAFT under `all`. */
  status: RequestStatus.optional(),
  /** An earlier answer's `next` (opaque): the page after that answer's page, same filter and search. */
  after: z
    .string()
    .max(200)
    .regex(/^[\w-]+$/, 'Pass the `next` of an earlier answer unchanged.')
    .optional(),
});
export const SignatureRequestList = z.object({
  items: z.array(SignatureRequest),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** Pass it as `after` for the next page; null on the last page. */
  next: z.string().nullable(),
});

export const RequestIdParams = z.strictObject({ id: z.uuid() });
/** Decline and withdraw: an optional message to the people told; the body may be left out. */
export const MessageBody = z.strictObject({ message: z.string().trim().max(2000).optional() }).default({});
export const ObserverBody = z.strictObject({ email: Email });
export const DelegateBody = z.strictObject({
  /** Whom the caller's signature is handed to. */
  account_email: Email.optional(),
  signer_identity_data: SignerIdentityData.optional(),
  message: z.string().trim().max(2000).optional(),
});

export const Event = z.object({
  seq: z.number().int(),
  type: z.string(),
  actor: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  /** SHA-256 over the previous event's hash and this event: the trail cannot be edited unnoticed. */
  hash: z.string(),
});
/**
 * `chain_valid`: the hash chain is intact and, for a trail anchored with the installation's key,
 * every event's MAC and the head and count stored with the request match (see AuditVerification).
 */
export const EventList = z.object({ events: z.array(Event), chain_valid: z.boolean() });

/**
 * What a check of the audit trail cannot tell (the report prints each):
 * - unanchored-events: events recorded before Signet anchored trails have only the hash chain,
 *   which anyone able to write the database can recompute;
 * - not-timestamped: the head is not timestamped yet (the request is not completed, or the TSA was
 *   not reached yet), so whoever holds the installation's audit key could rewrite the trail with
 *   its head, or roll both back to an earlier state, unnoticed;
 * - events-after-timestamp: the same for the events after the timestamped head;
 * - timestamp-not-checked: the trust list needed to check the timestamp was not available;
 * - tsa-revocation-not-checked: the TSA certificate's revocation status is not checked.
 */
export const auditLimitations = [
  'unanchored-events',
  'not-timestamped',
  'events-after-timestamp',
  'timestamp-not-checked',
  'tsa-revocation-not-checked',
] as const;

/**
 * The signature report's check of the audit trail. A check is null where it does not apply (a trail
 * recorded before anchoring has no MACs or stored head; an open request has no timestamp yet).
 */
export const AuditVerification = z.object({
  /** Every check that applies passed, and every event is anchored. */
  verified: z.boolean(),
  /** Events in the trail as it is stored now. */
  event_count: z.number().int(),
  /** The event count and head hash stored with the request at the last event. */
  recorded_event_count: z.number().int().nullable(),
  head_hash: z.string().nullable(),
  checks: z.object({
    /** Numbered without gaps, and every hash recomputed from the events matches the chain. */
    chain_intact: z.boolean(),
    /** Every anchored event's HMAC-SHA-256 verifies with the installation's audit key. */
    macs_valid: z.boolean().nullable(),
    /** The stored event count equals the events found. */
    count_matches: z.boolean().nullable(),
    /** The stored head hash equals the last event's hash. */
    head_matches: z.boolean().nullable(),
    /** The stored count and head carry a valid MAC (they were not changed without the key). */
    anchor_mac_valid: z.boolean().nullable(),
    /** The TSA's token is intact, from a trusted TSA, and covers this trail's hash at its event. */
    timestamp_valid: z.boolean().nullable(),
  }),
  /** The head timestamped at completion (RFC 3161): the data is the head hash's 64 hex characters. */
  timestamp: z
    .object({
      event_count: z.number().int(),
      head_hash: z.string(),
      time: z.string().nullable(),
      tsa: z.string().nullable(),
      /** The DER TimeStampToken, base64 (for `openssl ts -verify -token_in`). */
      token: z.string(),
    })
    .nullable(),
  not_verified: z.array(z.enum(auditLimitations)),
});
export type AuditVerification = z.infer<typeof AuditVerification>;

export const LockStatus = z.object({ locked: z.boolean(), retry_after_seconds: z.number().int().nullable() });

export const SignerParams = z.strictObject({ id: z.uuid(), sid: z.uuid() });

/** A visitor's signing link for the sender's portal to frame (POST .../signatures/{sid}/embed-link). */
export const EmbedLink = z.object({
  /** `/view/{id}/{sid}#{secret}`: open it in the iframe as it is; the secret stays in the fragment. */
  url: z.string(),
});
export const ObserverParams = z.strictObject({ id: z.uuid(), email: Email });
export const RequestDocumentParams = z.strictObject({ id: z.uuid(), documentId: z.uuid() });
export const AttachmentParams = z.strictObject({ id: z.uuid(), attId: z.uuid() });
/** A link secret (direct-sign and send-to): 256 random bits, base64url. */
export const linkSecretPattern = /^[A-Za-z0-9_-]{43}$/;

/** POST .../documents (drafts only): an uploaded document of the owner by id, or a new one as base64. */
export const AddDocumentBody = z.union([z.strictObject({ id: z.uuid() }), Base64Document]);

/**
 * Decline result: the request after the decline and where the web app sends the signer next
 * (spec §4: the decline URL, falling back to the exit URL; null = stay in Signet).
 */
export const DeclineResult = z.object({
  request: SignatureRequest,
  redirect_url: z.string().nullable(),
  redirect_timeout: z.number().int(),
});

/** Reminder result: who was reminded (the signers whose turn it is). */
export const RemindResult = z.object({ reminded: z.array(z.string()) });

export const AttachmentList = z.object({ attachments: z.array(Attachment) });

export const ReportQuery = z.strictObject({
  type: z.enum(['PDF', 'JSON']).default('JSON'),
});

/**
 * The signature report (JSON): who signed when with what, each document's SHA-256 as uploaded and
 * as it is now, and the hash-chained audit trail. The PDF report shows the same content.
 */
export const SignatureReport = z.object({
  generated_at: z.string(),
  request: z.object({
    id: z.string(),
    title: z.string(),
    status_overall: RequestStatus,
    quality: RequestQuality,
    legislation: RequestLegislation,
    signing_order: z.boolean(),
    owner: z.object({ name: z.string(), email: z.string() }),
    created_at: z.string(),
    initiated_at: z.string().nullable(),
    completed_at: z.string().nullable(),
  }),
  signers: z.array(
    z.object({
      sid: z.string(),
      sequence: z.number().int(),
      name: z.string(),
      email: z.string(),
      signer_type: z.enum(['account', 'visitor']),
      status_code: SignerStatus,
      signed_at: z.string().nullable(),
      declined_at: z.string().nullable(),
      decline_message: z.string().nullable(),
      certificate_subject: z.string().nullable(),
      certificate_serial: z.string().nullable(),
      signing_name: z.string().nullable(),
      signing_reason: z.string().nullable(),
    }),
  ),
  documents: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** SHA-256 of the bytes as uploaded. */
      original_sha256: z.string(),
      /** SHA-256 of the current version (with every signature so far). */
      current_sha256: z.string(),
      page_count: z.number().int(),
      signature_count: z.number().int(),
      versions: z.array(
        z.object({
          version: z.number().int(),
          sha256: z.string(),
          reason: z.string(),
          created_at: z.string(),
        }),
      ),
    }),
  ),
  attachments: z.array(z.object({ filename: z.string(), sha256: z.string(), size: z.number().int() })),
  events: z.array(Event),
  chain_valid: z.boolean(),
  audit: AuditVerification,
});
export type SignatureReport = z.infer<typeof SignatureReport>;

/**
 * Send-to links, mailed to a visitor with their invitation. `{id}` is the link's own random secret
 * (not the signer id; Signet keeps only its hash), replaced whenever the visitor's links are.
 * - GET /v3/sendto/{id}/get-internal (user): what the link is about, so the web app can offer to
 *   take the signature into the caller's account. `claimable` is true while the request is OPEN and
 *   that visitor signature is still OPEN.
 * - POST /v3/sendto/{id}/claim (user): the visitor signature becomes the caller's account
 *   signature (their user id, e-mail, names and language; same signer id, so the signature field
 *   prepared for it stays theirs). Refused with 409 REQUEST_NOT_EDITABLE unless claimable, and with
 *   409 ALREADY_A_SIGNER when the caller signs this request already. The visitor's direct link and
 *   this send-to link stop working. Answers the request as the caller now sees it.
 * Unknown or spent secrets are 404.
 */
export const SendToParams = z.strictObject({ id: z.string().regex(linkSecretPattern, 'Not a send-to link') });
export const SendToSummary = z.object({
  signature_request_id: z.string(),
  title: z.string(),
  owner_name: z.string(),
  status_overall: RequestStatus,
  signature_status: SignerStatus,
  signer_email: z.string(),
  claimable: z.boolean(),
});
