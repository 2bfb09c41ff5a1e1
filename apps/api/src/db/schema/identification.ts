import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityId, instant, timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { signers } from './signature-requests.ts';

/**
 * Identifications and their evidence: who was identified (an account, or a direct-sign visitor as
 * the signer of one request), by which provider and method, for which legislation, and what the
 * provider verified. General enough for eID providers too (provider `id-austria`, method `eid`).
 */
export const identifications = pgTable(
  'identifications',
  {
    ...entityId,
    /** The account identified; null for a visitor. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The visitor identified (their signer slot); null for an account. */
    signerId: text('signer_id').references(() => signers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    legislation: text('legislation', { enum: ['eidas', 'zertes'] }).notNull(),
    /** The provider's session id. */
    providerSessionId: text('provider_session_id').notNull(),
    /** The signature request the person identifies for (they return to it). */
    signatureRequestId: text('signature_request_id'),
    /**
     * The person's own link to the provider's page while the identification is open (it carries the
     * provider's page token: it is shown to this person only, and cleared when the identification ends).
     */
    continueUrl: text('continue_url'),
    /** The provider's status as it came (initialized, inprogress, success, failure, abandoned, …). */
    providerStatus: text('provider_status').notNull(),
    /** The signatures the identification is good for (qes, aes), once it succeeded. */
    level: text('level', { enum: ['qes', 'aes'] }),
    /** A simulated provider (the sandbox): what it unlocks is demo quality. */
    demo: boolean('demo').notNull().default(false),
    verifiedFirstName: text('verified_first_name'),
    verifiedLastName: text('verified_last_name'),
    /** YYYY-MM-DD. */
    birthDate: text('birth_date'),
    documentType: text('document_type'),
    /** YYYY-MM-DD. */
    documentExpiry: text('document_expiry'),
    completedAt: instant('completed_at'),
    /** Every status the identification went through, oldest first. */
    statusHistory: jsonb('status_history').$type<Array<{ status: string; at: string }>>().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('identifications_provider_session_key').on(t.provider, t.providerSessionId),
    index('identifications_user_idx').on(t.userId),
    index('identifications_signer_idx').on(t.signerId),
  ],
);
export type IdentificationRow = typeof identifications.$inferSelect;

/** Provider webhook events received, by their id: each is acted on once (a replay is refused). */
export const identificationWebhookEvents = pgTable('identification_webhook_events', {
  eventId: text('event_id').primaryKey(),
  providerSessionId: text('provider_session_id').notNull(),
  receivedAt: instant('received_at').notNull(),
});
