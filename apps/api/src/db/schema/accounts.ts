import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, entityId, instant, timestamps } from './columns.ts';

/** Account holders. `attributes` holds the spec's user attribute list (contracts UserAttributes). */
export const users = pgTable(
  'users',
  {
    ...entityId,
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull(),
    /** Spec §3 User retention: finished requests of the user are deleted this many days after they ended. */
    retentionEnabled: boolean('retention_enabled').notNull().default(false),
    retentionDays: integer('retention_days').notNull().default(30),
    /** Spec §3 User.hasSso: the account signed in through its business's single sign-on. */
    hasSso: boolean('has_sso').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** Bearer sessions. Only the SHA-256 of the token is stored; logout sets revoked_at. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    ...createdAt,
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Clients that have signed in to an account before (login throttling). The token, kept by the
 * client, only lets its holder's password attempts through while the account is throttled for
 * others; it authenticates nothing. Only its SHA-256 is stored.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    ...entityId,
    tokenHash: text('token_hash').notNull(),
    userId: belongsTo('user_id', () => users.id),
    ...createdAt,
    lastUsedAt: instant('last_used_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('login_devices_token_key').on(t.tokenHash),
    index('login_devices_user_idx').on(t.userId),
  ],
);

/** Mailed one-time tokens: signup confirmation, business signup, e-mail re-verification, password reset. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', {
      enum: ['signup', 'verify_email', 'reset_password', 'business_signup'],
    }).notNull(),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    ...createdAt,
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('email_tokens_email_idx').on(t.email)],
);

/** The business a business signup creates once its address is confirmed (spec §3 Business fields). */
export interface PendingBusiness {
  name: string;
  phone: string | null;
  dpa: boolean;
}

/**
 * A business signup waiting for its mailed link (token purpose business_signup): the person and
 * their business are created from it together, so an unconfirmed address owns nothing. The row
 * goes with its token; the password is kept only as its hash.
 */
export const pendingBusinessSignups = pgTable('pending_business_signups', {
  tokenHash: text('token_hash')
    .primaryKey()
    .references(() => emailTokens.tokenHash, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  mobile: text('mobile'),
  business: jsonb('business').$type<PendingBusiness>().notNull(),
  ...createdAt,
});
