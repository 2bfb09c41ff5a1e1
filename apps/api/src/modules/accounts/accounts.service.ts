import type { User, UserAttributes } from '@signet/contracts/accounts';
import type { Language } from '@signet/contracts/common';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import * as repo from './accounts.repository.ts';
import { passwordMatches } from './password-hashing.ts';
import { attributesOf, toUserDto } from './user-dto.ts';

// Accounts: the module's dependencies, and what other modules ask of an account. The use cases
// live beside this file: signup.service (sign-up and e-mail confirmation), login.service,
// sessions.service, passwords.service and profile.service.

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  /** Where mailed links point. */
  publicUrl: string;
  /** Mails anonymous callers may trigger per address and hour; 30 when not configured. */
  mailLimitPerAddress?: number;
}

/** The account of a signed-in user; UNAUTHENTICATED when it was deleted meanwhile. */
export async function requireUser(db: Db, userId: string): Promise<repo.UserRow> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists.');
  return row;
}

export async function getUser(deps: AccountsDeps, userId: string): Promise<User> {
  return toUserDto(await requireUser(deps.db, userId));
}

/** An account by e-mail, for other modules that invite people (signers of requests). */
export async function findUserIdByEmail(
  deps: AccountsDeps,
  email: string,
): Promise<{
  id: string;
  firstName: string;
  lastName: string;
  lang: Language;
  mobile: string | null;
} | null> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return null;
  const attributes = attributesOf(user);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    lang: attributes.lang,
    mobile: attributes.mobile,
  };
}

/** Takes one of a free user's signatures (spec §4 free credit); false when none is left. */
export function spendFreeSignature(deps: Pick<AccountsDeps, 'db'>, userId: string): Promise<boolean> {
  return repo.spendFreeSignature(deps.db, userId);
}

/** Part 11 asks signers to re-enter their password: true when it is theirs. */
export async function verifyPassword(
  deps: Pick<AccountsDeps, 'db'>,
  userId: string,
  password: string,
): Promise<boolean> {
  const user = await repo.findUserById(deps.db, userId);
  return user ? passwordMatches(user.passwordHash, password) : false;
}

/** The user attributes that business membership changes (spec §4 business gates). */
export type BusinessFlags = Partial<
  Pick<UserAttributes, 'accepted_business_invite' | 'removed_from_business' | 'business_deleted'>
>;

/** Sets business membership flags of a user (the businesses module, inside its transaction). */
export async function setBusinessFlags(
  deps: Pick<AccountsDeps, 'db' | 'clock'>,
  userId: string,
  flags: BusinessFlags,
): Promise<void> {
  const user = await requireUser(deps.db, userId);
  await repo.updateUser(deps.db, userId, {
    attributes: { ...attributesOf(user), ...flags },
    updatedAt: deps.clock.now(),
  });
}
