import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import * as repo from './accounts.repository.ts';
import { hashPassword, passwordMatches } from './password-hashing.ts';
import { defaultAttributes } from './user-dto.ts';

const serviceAccountDomain = '@api-users.invalid';

/** Whether an address is a service account's: no mail goes there (no reset link, for one). */
export function isServiceAccountEmail(email: string): boolean {
  return email.endsWith(serviceAccountDomain);
}

/**
 * Accounts that no person holds: a business's API user acts through one, so every call keyed on
 * the caller's user id works for it unchanged. Nobody can sign in to it: its password is random,
 * hashed at once and forgotten; its address is under `.invalid` (RFC 2606), which no mail reaches
 * and no person can sign up with; and it never receives mail (notification level none).
 */
export async function createServiceAccount(
  db: Db,
  account: { id: string; name: string; now: Date },
): Promise<void> {
  await repo.insertUser(db, {
    id: account.id,
    email: `${account.id}${serviceAccountDomain}`,
    emailVerified: true,
    // What signers see as the sender of its requests: `name` alone (fullName drops the empty part).
    firstName: account.name,
    lastName: '',
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    attributes: {
      ...defaultAttributes('en-gb', null),
      accepted_gtc: true,
      email_notification_level: 'none',
    },
    createdAt: account.now,
    updatedAt: account.now,
  });
}

/**
 * The stored form of a service account's secret (an API user's), and its check: argon2id, as
 * passwords are, so a leaked table gives no usable credential.
 */
export const hashSecret = hashPassword;
export const secretMatches = passwordMatches;
