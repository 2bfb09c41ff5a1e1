import { index, integer, jsonb, pgTable, serial, text, timestamp, boolean } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every API process (login throttling, mail flooding). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/** Durable background work. A job is claimed by setting locked_until; done jobs keep done_at. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Platform maintenance notices served as a Statuspage-compatible summary. */
export const maintenances = pgTable('maintenances', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  blocking: boolean('blocking').notNull(),
  url: text('url'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
