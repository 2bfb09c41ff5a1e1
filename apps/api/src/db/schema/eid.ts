import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, entityId, instant } from './columns.ts';

/**
 * One login with an OpenID Connect provider (ID Austria, or a business's single sign-on) from its
 * start to its use: the browser leaves with `state`, comes back with it and a code. Only the state's
 * hash is kept; the PKCE verifier and the nonce never leave the server. `ownerKind`/`ownerId` say
 * whose login it is (an account user, a direct-sign visitor as signer of one request, nobody yet for
 * a signup, or the business whose single sign-on the person logs in with).
 */
export const eidLogins = pgTable(
  'eid_logins',
  {
    ...entityId,
    stateHash: text('state_hash').notNull().unique(),
    provider: text('provider', { enum: ['id-austria', 'sso'] }).notNull(),
    purpose: text('purpose', { enum: ['identify', 'signup', 'sso'] }).notNull(),
    ownerKind: text('owner_kind', { enum: ['user', 'visitor', 'signup', 'business'] }).notNull(),
    /** The user id, the visitor's signer id, or the business whose single sign-on it is; null for a signup. */
    ownerId: text('owner_id'),
    signatureRequestId: text('signature_request_id'),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** The verified person once the code was exchanged: names and birth date from the ID token. */
    identity: jsonb('identity'),
    ...createdAt,
    expiresAt: instant('expires_at').notNull(),
    /** When the code was exchanged: a second exchange with the same state is refused. */
    exchangedAt: instant('exchanged_at'),
    /** Signup only: when the account was made from it. */
    usedAt: instant('used_at'),
  },
  (t) => [index('eid_logins_owner_idx').on(t.ownerKind, t.ownerId)],
);
