import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, entityId, instant, timestamps } from './columns.ts';
import { users } from './accounts.ts';

/** Spec §3 aes4biz: who represents the business for advanced signatures in its name. */
export interface Aes4BizRecord {
  enabled: boolean;
  representativeName: string | null;
  representativeEmail: string | null;
  commercialRegister: string | null;
}

/**
 * Businesses (spec §3). `settings` holds the contracts' BusinessSettings (user pilot, retention,
 * support contact ...); billing and the price plan are kept to what the gates need until billing lands.
 */
export const businesses = pgTable('businesses', {
  ...entityId,
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  /** Spec §4 payment markers: TRIALING, NEEDS_PAYMENT_METHOD, BLOCKED, MANUAL, STRIPE, CHARGEBEE. */
  paymentMethod: text('payment_method'),
  billingStatus: text('billing_status').notNull(),
  pricePlanName: text('price_plan_name'),
  /** The plan the business moves to when its subscription ends (the free plan downgrade); null: none. */
  nextPricePlanName: text('next_price_plan_name'),
  /** When an admin acknowledged the notice that its legacy plan moves (plan-migrations.ts). */
  planMigrationAcknowledgedAt: instant('plan_migration_acknowledged_at'),
  /**
   * The end of the paid period the legacy plan runs to, as the billing job first saw it (renewals
   * move the period on; the move stays due then).
   */
  planMigrationDueAt: instant('plan_migration_due_at'),
  /**
   * When the billing job moved the business off a legacy plan (plan-migrations.ts), and the plan it
   * left (null: it had none): the notice still names both until an admin acknowledges it.
   */
  planMigratedAt: instant('plan_migrated_at'),
  planMigratedFrom: text('plan_migrated_from'),
  planStart: instant('plan_start'),
  gtcAcceptedAt: instant('gtc_accepted_at'),
  dpaAcceptedAt: instant('dpa_accepted_at'),
  /** Spec §3 billing address, VAT and currency (PUT /v2/.../billing); null until an admin gives it. */
  billingAddress: jsonb('billing_address').$type<StoredBillingAddress>(),
  /** Spec §3 pricePlan current.base and next.base; null: derived from the payment marker. */
  planBase: jsonb('plan_base').$type<StoredPlanBase>(),
  /** An admin asked to delete the business (DELETE /v2/businesses/{id}); a job does it at `deletionDueAt`. */
  deletionRequestedAt: instant('deletion_requested_at'),
  deletionDueAt: instant('deletion_due_at'),
  /** Company branding (spec §3 companyBranding.logo): the re-encoded logo in the blob store and its size. */
  logoSha256: text('logo_sha256'),
  logoWidth: integer('logo_width'),
  logoHeight: integer('logo_height'),
  /** Null until an admin saves the aes4biz page; its domains are the verified business domains. */
  aes4biz: jsonb('aes4biz').$type<Aes4BizRecord>(),
  ...timestamps,
});

/** The billing fields of spec §3 besides the payment marker. */
export interface StoredBillingAddress {
  address1: string;
  address2: string | null;
  city: string;
  country: string;
  postalCode: string;
  vat: string | null;
  currency: 'CHF' | 'EUR';
}

/** A plan base (spec §3 current.base, next.base); instants as ISO strings. */
export interface StoredBase {
  type: string;
  startAt: string | null;
  endAt: string | null;
}
export interface StoredPlanBase {
  current: StoredBase;
  next: StoredBase | null;
}

/** Who belongs to a business. An account belongs to at most one business (unique user_id). */
export const businessMembers = pgTable(
  'business_members',
  {
    businessId: belongsTo('business_id', () => businesses.id),
    userId: belongsTo('user_id', () => users.id),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    joinedAt: instant('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.userId] }),
    uniqueIndex('business_members_user_key').on(t.userId),
  ],
);

/**
 * Invitations into a business: membership begins only when the invited person accepts. `id` is
 * what admins see and revoke by; the link mailed to the person carries a separate random secret,
 * kept here only as its SHA-256. A business has at most one pending invitation per address:
 * inviting again renews it (new secret, new expiry), and the old link stops working.
 */
export const businessInvitations = pgTable(
  'business_invitations',
  {
    ...entityId,
    businessId: belongsTo('business_id', () => businesses.id),
    /** Lower case, as every e-mail in Signet. */
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    secretHash: text('secret_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'revoked'] }).notNull(),
    ...createdAt,
    expiresAt: instant('expires_at').notNull(),
    /** When it was accepted, declined or revoked. */
    endedAt: instant('ended_at'),
  },
  (t) => [
    uniqueIndex('business_invitations_secret_key').on(t.secretHash),
    uniqueIndex('business_invitations_pending_key')
      .on(t.businessId, t.email)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A seal credential enrolled at the QTSP for one legislation (its key never leaves the QTSP). */
export interface SealCredential {
  credentialID: string;
  /** The certificate, then its issuers; base64 DER. */
  certificates: string[];
  validTo: string;
  /** The business and seal names the certificate was issued for: a rename needs a new one. */
  issuedFor: string;
}

/**
 * Business seals (spec §3: name as accountName, label as displayName). The account name is unique
 * across Signet: signing names it (POST /v3/sign sealAccountName).
 */
export const seals = pgTable(
  'seals',
  {
    ...entityId,
    businessId: belongsTo('business_id', () => businesses.id),
    accountName: text('account_name').notNull(),
    displayName: text('display_name').notNull(),
    /** SHA-256 of the seal image (a re-encoded PNG) in the blob store, drawn in its stamp. */
    imageSha256: text('image_sha256'),
    /** Seal data (spec §7): the organisation its certificate names and the location its stamp shows. */
    data: jsonb('data')
      .$type<{ organization?: string | null; location?: string | null }>()
      .notNull()
      .default({}),
    credentials: jsonb('credentials').$type<Partial<Record<'eidas' | 'zertes', SealCredential>>>(),
    ...createdAt,
  },
  (t) => [
    uniqueIndex('seals_account_name_key').on(t.accountName),
    index('seals_business_idx').on(t.businessId),
  ],
);

/** Members allowed to sign with a seal (admins always may). */
export const sealMembers = pgTable(
  'seal_members',
  {
    sealId: belongsTo('seal_id', () => seals.id),
    userId: belongsTo('user_id', () => users.id),
  },
  (t) => [primaryKey({ columns: [t.sealId, t.userId] })],
);

/**
 * Domains a business claims (spec §3 Business domains). A claim counts only once verified: the
 * admin publishes a DNS TXT record carrying `verificationToken` and Signet finds it. Any number of
 * businesses may claim a domain, but only one can have it verified (the partial unique index).
 */
export const businessDomains = pgTable(
  'business_domains',
  {
    businessId: belongsTo('business_id', () => businesses.id),
    /** Lower case, without a trailing dot. */
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: instant('verified_at'),
    /** When Signet last looked for the TXT record, found or not. */
    checkedAt: instant('checked_at'),
    ...createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.domain] }),
    uniqueIndex('business_domains_verified_key')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/**
 * What automatic deletion (settings.signatureRequests.retention) removed: one row per request whose
 * documents, attachments and page images went, for the admins to see. The request itself is gone
 * with them, so its title and dates are kept here (no document content, no signer data).
 */
export const businessRetentionDeletions = pgTable(
  'business_retention_deletions',
  {
    ...entityId,
    businessId: belongsTo('business_id', () => businesses.id),
    requestId: text('request_id').notNull(),
    title: text('title').notNull(),
    /** SIGNED, DECLINED or WITHDRAWN. */
    status: text('status').notNull(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    finishedAt: instant('finished_at').notNull(),
    documentCount: integer('document_count').notNull(),
    attachmentCount: integer('attachment_count').notNull(),
    deletedAt: instant('deleted_at').notNull(),
  },
  (t) => [index('business_retention_deletions_business_idx').on(t.businessId, t.deletedAt)],
);

/**
 * A business's API users (spec §7 Business apis): machines that call the API for the business with
 * HTTP Basic `username:secret`. Each is backed by a service account in `users` (`user_id`), so every
 * call that keys on the caller's user id (requests, documents) works for it unchanged; that account
 * has an unguessable password nobody knows and an address no mail reaches, so it never signs in or
 * receives a link. Only the argon2id hash of the secret is kept; resetting replaces it at once.
 */
export const businessApiUsers = pgTable(
  'business_api_users',
  {
    ...entityId,
    businessId: belongsTo('business_id', () => businesses.id),
    /** Unique across businesses: Basic credentials name the API user by it alone. */
    username: text('username').notNull(),
    description: text('description').notNull(),
    secretHash: text('secret_hash').notNull(),
    userId: belongsTo('user_id', () => users.id),
    ...createdAt,
    lastUsedAt: instant('last_used_at'),
  },
  (t) => [
    uniqueIndex('business_api_users_username_key').on(t.username),
    uniqueIndex('business_api_users_user_key').on(t.userId),
    index('business_api_users_business_idx').on(t.businessId),
  ],
);

/**
 * A business's single sign-on: the OpenID Connect provider its people log in with when their
 * e-mail address is of one of its verified domains. The client secret is kept encrypted with the
 * installation's key (sealed-secrets.ts): a copy of the database alone does not reveal it.
 */
export const businessIdentityProviders = pgTable('business_identity_providers', {
  businessId: text('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** AES-256-GCM: version, nonce, ciphertext and tag, base64url, dot-separated. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  enabled: boolean('enabled').notNull(),
  ...timestamps,
});

/**
 * Short-lived bearer tokens that API users get for their Basic credentials at POST /v1/login. Only
 * the SHA-256 is stored; deleting the API user deletes them, resetting its secret too.
 */
export const apiUserTokens = pgTable(
  'api_user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    apiUserId: belongsTo('api_user_id', () => businessApiUsers.id),
    ...createdAt,
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('api_user_tokens_api_user_idx').on(t.apiUserId)],
);
