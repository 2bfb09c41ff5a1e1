import { jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, entityId, instant } from './columns.ts';

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
