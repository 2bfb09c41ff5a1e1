import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, instant } from './columns.ts';
import { users } from './accounts.ts';
import { signatureRequests } from './signature-requests.ts';

/**
 * The dashboard's index: one row per request and user taking part in it, with what the list sorts
 * and filters by. Database triggers rewrite a request's rows in the transaction of every change to
 * the request, its signers, its observers or a user's e-mail (migration 0025, `refresh_request_list`),
 * so every write path keeps it right; the list reads it through the indexes below instead of
 * sorting all of a user's requests.
 */
export const requestListEntries = pgTable(
  'request_list_entries',
  {
    userId: belongsTo('user_id', () => users.id),
    requestId: belongsTo('request_id', () => signatureRequests.id),
    /** The dashboard filter the request falls under for this user: toSign, pending, declined, completed, or draft (only under all). */
    filter: text('filter', { enum: ['toSign', 'pending', 'declined', 'completed', 'draft'] }).notNull(),
    status: text('status', { enum: ['DRAFT', 'OPEN', 'SIGNED', 'DECLINED', 'WITHDRAWN'] }).notNull(),
    updatedAt: instant('updated_at').notNull(),
    title: text('title').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.requestId] }),
    index('request_list_entries_all_idx').on(t.userId, t.updatedAt.desc(), t.requestId.desc()),
    index('request_list_entries_filter_idx').on(t.userId, t.filter, t.updatedAt.desc(), t.requestId.desc()),
    index('request_list_entries_status_idx').on(t.userId, t.status, t.updatedAt.desc(), t.requestId.desc()),
    index('request_list_entries_request_idx').on(t.requestId),
  ],
);

/**
 * How many entries a user has per filter and status, so a page's total needs no count. The entries'
 * triggers queue deltas in request_list_count_changes (a scratch table of the triggers, empty outside
 * a transaction, so not declared here), folded in when the transaction commits (migration 0028): the
 * counts of a transaction's own changes show only after its commit.
 */
export const requestListCounts = pgTable(
  'request_list_counts',
  {
    userId: text('user_id').notNull(),
    filter: text('filter').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.filter, t.status] })],
);
