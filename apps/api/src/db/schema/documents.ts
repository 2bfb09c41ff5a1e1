import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { DocumentValidation } from '@signet/contracts/validation';
import type { ExistingSignatureField } from '@signet/contracts/signature-fields';
import { belongsTo, createdAt, entityId, instant } from './columns.ts';
import { users } from './accounts.ts';

/**
 * A document is a chain of immutable versions (ARCHITECTURE.md §3). Each version's bytes are a blob
 * named by its SHA-256; `current_sha256` moves forward with every signature.
 */
export const documents = pgTable(
  'documents',
  {
    ...entityId,
    ownerId: belongsTo('owner_id', () => users.id),
    title: text('title').notNull(),
    originalSha256: text('original_sha256').notNull(),
    currentSha256: text('current_sha256').notNull(),
    size: integer('size').notNull(),
    pageCount: integer('page_count').notNull(),
    pages: jsonb('pages')
      .$type<Array<{ number: number; width: number; height: number; rotation: number }>>()
      .notNull(),
    signatureCount: integer('signature_count').notNull().default(0),
    /** The signatures the upload already held, as validated at upload; null when it held none. */
    validation: jsonb('validation').$type<DocumentValidation>(),
    /**
     * The upload's own empty signature fields that a signer can be placed on (read at upload);
     * documents stored before this column have none listed.
     */
    signatureFields: jsonb('signature_fields').$type<ExistingSignatureField[]>().notNull().default([]),
    ...createdAt,
    deletedAt: instant('deleted_at'),
  },
  (t) => [index('documents_owner_idx').on(t.ownerId)],
);

/** A document as the modules read it (the documents repository and service both use this type). */
export type DocumentRow = typeof documents.$inferSelect;

export const documentVersions = pgTable(
  'document_versions',
  {
    documentId: belongsTo('document_id', () => documents.id),
    version: integer('version').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    /** Why this version exists: upload, repair, fields, signature (by whom). */
    reason: text('reason').notNull(),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.documentId, t.version] })],
);
