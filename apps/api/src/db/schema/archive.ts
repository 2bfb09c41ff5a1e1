import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { belongsTo, instant } from './columns.ts';
import { documents } from './documents.ts';

/**
 * A completed document Signet keeps at PAdES B-LTA: its last document timestamp and when that
 * timestamp's TSA certificate expires. The re-timestamp job looks documents up by that expiry.
 */
export const archiveTimestamps = pgTable(
  'archive_timestamps',
  {
    documentId: belongsTo('document_id', () => documents.id).primaryKey(),
    /**
     * The version the last archive timestamp made. A document of the owner's may be signed in a
     * later request too: when it moved on, the next stamp gathers validation data for every signature again.
     */
    documentSha256: text('document_sha256').notNull(),
    /** Document timestamps Signet added so far (the next one's field is named after it). */
    count: integer('count').notNull(),
    /** When Signet added the last document timestamp (its clock: renewals are spaced by it). */
    timestampedAt: instant('timestamped_at').notNull(),
    /** Renew before this: the last timestamp's TSA certificate ends here. */
    tsaCertificateNotAfter: instant('tsa_certificate_not_after').notNull(),
  },
  (t) => [index('archive_timestamps_expiry_idx').on(t.tsaCertificateNotAfter)],
);

export type ArchiveTimestampRow = typeof archiveTimestamps.$inferSelect;
