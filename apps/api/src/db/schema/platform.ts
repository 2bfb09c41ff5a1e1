import { index, integer, jsonb, pgTable, serial, text, boolean } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';

/** Fixed-window counters shared by every API process (login throttling, mail flooding). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: instant('window_start').notNull(),
});

/** Durable background work. A job is claimed by setting locked_until; done jobs keep done_at. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: instant('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    doneAt: instant('done_at'),
    failedAt: instant('failed_at'),
    ...createdAt,
  },
  (t) => [index('jobs_due_idx').on(t.doneAt, t.failedAt, t.runAt)],
);

/** Mails delivered without SMTP (the embedded default), shown by the sandbox at /sandbox/mail. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  ...createdAt,
});

/** Platform maintenance notices served as a Statuspage-compatible summary. */
export const maintenances = pgTable('maintenances', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  blocking: boolean('blocking').notNull(),
  url: text('url'),
  startsAt: instant('starts_at').notNull(),
  endsAt: instant('ends_at'),
  ...createdAt,
});
