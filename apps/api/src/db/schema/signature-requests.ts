import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, entityId, instant, timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { documents } from './documents.ts';

export const signatureRequests = pgTable(
  'signature_requests',
  {
    ...entityId,
    ownerId: belongsTo('owner_id', () => users.id),
    title: text('title').notNull(),
    message: text('message'),
    status: text('status', { enum: ['DRAFT', 'OPEN', 'SIGNED', 'DECLINED', 'WITHDRAWN'] }).notNull(),
    quality: text('quality', { enum: ['ses', 'aes', 'qes', 'part11'] }).notNull(),
    legislation: text('legislation', { enum: ['eidas', 'zertes'] }).notNull(),
    signingOrder: boolean('signing_order').notNull(),
    exitUrl: text('exit_url'),
    errorUrl: text('error_url'),
    declineUrl: text('decline_url'),
    redirectTimeout: integer('redirect_timeout').notNull(),
    /** Per-request callbacks (webhook-events.service.ts): POSTed to at completion, each change, an error. */
    successCallbackUrl: text('success_callback_url'),
    updateCallbackUrl: text('update_callback_url'),
    errorCallbackUrl: text('error_callback_url'),
    /** The signing page may be framed by the owner's business's embedOrigins (frame-ancestors). */
    embed: boolean('embed').notNull().default(false),
    ...timestamps,
    initiatedAt: instant('initiated_at'),
    completedAt: instant('completed_at'),
    /**
     * The audit trail's anchor, written with every event (audit-chain.ts): how many events there
     * are, the last one's hash, the first event with a MAC, and a MAC over all three. Null head:
     * the trail predates anchoring.
     */
    auditEventCount: integer('audit_event_count').notNull().default(0),
    auditHeadHash: text('audit_head_hash'),
    auditHeadMac: text('audit_head_mac'),
    auditMacFrom: integer('audit_mac_from'),
  },
  (t) => [index('signature_requests_owner_idx').on(t.ownerId, t.updatedAt)],
);

export const requestDocuments = pgTable(
  'request_documents',
  {
    requestId: belongsTo('request_id', () => signatureRequests.id),
    documentId: belongsTo('document_id', () => documents.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.documentId] })],
);

/**
 * One row per signer. Account signers have user_id once known; visitors sign with their secret link.
 * The id is a plain identifier (PDF field names, events, everyone's view); a visitor's credentials
 * are separate random secrets, kept only as SHA-256 hashes.
 */
export const signers = pgTable(
  'signers',
  {
    ...entityId,
    requestId: belongsTo('request_id', () => signatureRequests.id),
    sequence: integer('sequence').notNull(),
    kind: text('kind', { enum: ['account', 'visitor'] }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobile: text('mobile'),
    language: text('language').notNull(),
    status: text('status', { enum: ['OPEN', 'SIGNED', 'DECLINED'] }).notNull(),
    /** The signer's own quality; null: the request's. */
    quality: text('quality', { enum: ['ses', 'aes', 'qes', 'part11'] }),
    /**
     * Visual signature placement per document: [{ documentId, position, fieldName? }]; fieldName
     * when the box is one of the document's own empty signature fields (signed into, not added).
     */
    placements: jsonb('placements')
      .$type<
        Array<{
          documentId: string;
          position: { page: number; x: number; y: number; width: number; height: number };
          fieldName?: string;
        }>
      >()
      .notNull(),
    signedAt: instant('signed_at'),
    declinedAt: instant('declined_at'),
    declineMessage: text('decline_message'),
    /** Certificate of the signature: subject and serial, for the report. */
    certificateSubject: text('certificate_subject'),
    certificateSerial: text('certificate_serial'),
    signingName: text('signing_name'),
    signingReason: text('signing_reason'),
    remindedAt: instant('reminded_at'),
    /** Visitors: hash of the secret in their direct-sign link; a new one with every invitation mailed. */
    linkSecretHash: text('link_secret_hash'),
    /** Visitors: hash of the secret of their send-to link (take the signature into an account). */
    sendToSecretHash: text('send_to_secret_hash'),
  },
  (t) => [
    index('signers_request_idx').on(t.requestId),
    index('signers_email_idx').on(t.email),
    index('signers_user_idx').on(t.userId),
    uniqueIndex('signers_link_secret_key').on(t.linkSecretHash),
    uniqueIndex('signers_send_to_secret_key').on(t.sendToSecretHash),
  ],
);

export const observers = pgTable(
  'observers',
  {
    requestId: belongsTo('request_id', () => signatureRequests.id),
    email: text('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.email] }), index('observers_email_idx').on(t.email)],
);

export const attachments = pgTable(
  'attachments',
  {
    ...entityId,
    requestId: belongsTo('request_id', () => signatureRequests.id),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    ...createdAt,
  },
  (t) => [index('attachments_request_idx').on(t.requestId)],
);

/** The audit trail: append-only, each event's hash covers the previous hash (a chain). */
export const requestEvents = pgTable(
  'request_events',
  {
    requestId: belongsTo('request_id', () => signatureRequests.id),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    actor: text('actor'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    ...createdAt,
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /** HMAC-SHA-256 with the installation's audit key; null for events recorded before anchoring. */
    mac: text('mac'),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.seq] })],
);

/**
 * The trail's head at completion, timestamped by the TSA (RFC 3161): the events up to
 * `eventCount` are fixed at the token's time, even for whoever holds the audit key.
 */
export const requestAuditTimestamps = pgTable('request_audit_timestamps', {
  requestId: belongsTo('request_id', () => signatureRequests.id).primaryKey(),
  eventCount: integer('event_count').notNull(),
  headHash: text('head_hash').notNull(),
  /** The DER TimeStampToken, base64. */
  token: text('token').notNull(),
  ...createdAt,
});

/**
 * Serialises signers of one request across processes: a row lock on the request is taken for the
 * whole signing transaction; this table records who holds it so lock-status can report it.
 */
export const requestLocks = pgTable('request_locks', {
  requestId: belongsTo('request_id', () => signatureRequests.id).primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: instant('expires_at').notNull(),
  /**
   * On PostgreSQL, the liveness key of the process holding the lock (db/process-liveness.ts): the
   * lock ends with that process's session. Null on PGlite (one process), where only expiry counts.
   */
  processKey: integer('process_key'),
});

/** Rows as the modules read them (one owner for these types: repositories and services import them here). */
export type RequestRow = typeof signatureRequests.$inferSelect;
export type SignerRow = typeof signers.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type EventRow = typeof requestEvents.$inferSelect;
