import { text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Column shapes every table uses; the tables hold only what is particular to them. The column
// objects are spread into a table (Drizzle's reusable column definitions).

/** A point in time with its time zone (every timestamp of Signet is one). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** The row this one belongs to: required, and deleted with it (ON DELETE CASCADE). */
export const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  text(name).notNull().references(parent, { onDelete: 'cascade' });

/** The random text id of a row that is a thing of its own (not named by its parent or a hash). */
export const entityId = { id: text('id').primaryKey() };

/** When the row was made. */
export const createdAt = { createdAt: instant('created_at').notNull() };

/** When the row was made and last changed (rows that change after they are made). */
export const timestamps = { ...createdAt, updatedAt: instant('updated_at').notNull() };
