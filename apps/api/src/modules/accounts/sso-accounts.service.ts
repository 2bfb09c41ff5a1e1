import { randomBytes, randomUUID } from 'node:crypto';
import { defaultLanguage } from '@signet/contracts/common';
import type { Db } from '../../db/client.ts';
import * as repo from './accounts.repository.ts';
import { hashPassword } from './password-hashing.ts';
import { defaultAttributes } from './user-dto.ts';

// The account a single sign-on signs in: the one of the e-mail address the business's identity
// provider vouched for, or a new one made from what the provider says.

/** Who the identity provider vouched for: a verified address and, where it sends them, names. */
export interface SsoPerson {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Finds or makes the account of `person` (inside the caller's transaction) and marks it as signing
 * in through single sign-on. A new account has a verified address, the provider's names, and no
 * usable password (a random one nobody knows); it accepts the terms on /signup/sso.
 */
export async function ssoAccount(
  tx: Db,
  person: SsoPerson,
  now: Date,
): Promise<{ userId: string; created: boolean }> {
  const existing = await repo.findUserByEmail(tx, person.email);
  if (existing) {
    await repo.updateUser(tx, existing.id, { hasSso: true, emailVerified: true, updatedAt: now });
    return { userId: existing.id, created: false };
  }
  const userId = randomUUID();
  await repo.insertUser(tx, {
    id: userId,
    email: person.email,
    emailVerified: true,
    firstName: person.firstName,
    lastName: person.lastName,
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    attributes: { ...defaultAttributes(defaultLanguage, null) },
    hasSso: true,
    createdAt: now,
    updatedAt: now,
  });
  return { userId, created: true };
}
