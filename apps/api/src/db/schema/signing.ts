import { jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, entityId, instant } from './columns.ts';
import { users } from './accounts.ts';

/**
 * A QES signing waiting for the signer's TAN: which prepared signatures (blob references) belong
 * to it, so the answer can complete them in another request or process.
 */
export const pendingSignings = pgTable(
  'pending_signings',
  {
    ...entityId,
    /** 'user:<id>' or 'visitor:<signer id>': only they may answer. */
    signerKey: text('signer_key').notNull(),
    responseId: text('response_id').notNull(),
    credentialId: text('credential_id').notNull(),
    /** Holder of the requests' signing locks, released when the signing ends. */
    lockHolder: text('lock_holder').notNull(),
    items: jsonb('items').$type<Array<Record<string, unknown>>>().notNull(),
    language: text('language').notNull(),
    ...createdAt,
    expiresAt: instant('expires_at').notNull(),
    doneAt: instant('done_at'),
  },
  (t) => [uniqueIndex('pending_signings_response_key').on(t.responseId)],
);

/**
 * An account's on-demand AES credential at the QTSP, one per legislation, kept while it is valid so
 * that signing enrols (a new key and certificate at the QTSP) only when there is none. Deleted with
 * the account; its key never leaves the QTSP.
 */
export const signerCredentials = pgTable(
  'signer_credentials',
  {
    userId: belongsTo('user_id', () => users.id),
    legislation: text('legislation', { enum: ['eidas', 'zertes'] }).notNull(),
    credentialId: text('credential_id').notNull(),
    /** The certificate, then its issuers; base64 DER. */
    certificates: jsonb('certificates').$type<string[]>().notNull(),
    validTo: instant('valid_to').notNull(),
    /** The name and e-mail address the certificate names: a change needs a new certificate. */
    issuedFor: text('issued_for').notNull(),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.legislation] })],
);
