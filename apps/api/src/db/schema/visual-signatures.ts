import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, entityId, timestamps } from './columns.ts';
import { users } from './accounts.ts';

/**
 * A person's visual signatures (spec §3). The custom image is a blob (re-encoded PNG) named by its
 * SHA-256, like document versions; `placeholder` is the 10 × 10 blurred preview as a data: URL,
 * made when the signature changes. At most one per person is the default (partial unique index).
 */
export const visualSignatures = pgTable(
  'visual_signatures',
  {
    ...entityId,
    userId: belongsTo('user_id', () => users.id),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    optionalLine: text('optional_line'),
    location: text('location'),
    language: text('language', { enum: ['en', 'de', 'fr', 'it'] }).notNull(),
    quality: text('quality', { enum: ['ses', 'aes', 'qes', 'part11'] }).notNull(),
    legislation: text('legislation', { enum: ['eidas', 'zertes'] }).notNull(),
    provider: text('provider', { enum: ['sandbox'] }).notNull(),
    imageSha256: text('image_sha256'),
    displayClaim: boolean('display_claim').notNull(),
    displayStandards: boolean('display_standards').notNull(),
    displayQr: boolean('display_qr').notNull(),
    displayDate: boolean('display_date').notNull(),
    placeholder: text('placeholder').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('visual_signatures_user_idx').on(t.userId),
    uniqueIndex('visual_signatures_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export type VisualSignatureRow = typeof visualSignatures.$inferSelect;
