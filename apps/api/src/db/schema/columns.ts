import { text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Column shapes every table uses; the tables hold only what is particular to them.

/** A point in time with its time zone (every timestamp of Signet is one). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** The row this one belongs to: required, and deleted with it (ON DELETE CASCADE). */
export const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  text(name).notNull().references(parent, { onDelete: 'cascade' });
