import type { User, UserAttributes, VisualSignaturePermissions } from '@signet/contracts/accounts';
import type { Language } from '@signet/contracts/common';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import * as repo from './accounts.repository.ts';
import { passwordMatches } from './password-hashing.ts';
import { attributesOf, toUserDto } from './user-dto.ts';
import {
  evidenceQualities,
  type EvidenceQualities,
} from '../identification/identification-evidence.service.ts';

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
  /**
   * What the user may change on their visual signatures (their business decides); all when absent.
   * Read through `db`, the caller's connection: inside a transaction, another connection would wait
   * for it (on PGlite, which has one connection, for ever).
   */
  visualSignaturePermissions?: (db: Db, userId: string) => Promise<VisualSignaturePermissions>;
}

/** The account of a signed-in user; UNAUTHENTICATED when it was deleted meanwhile. */
export async function requireUser(db: Db, userId: string): Promise<repo.UserRow> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists.');
  return row;
}

export async function getUser(deps: AccountsDeps, userId: string): Promise<User> {
  const row = await requireUser(deps.db, userId);
  const user = toUserDto(row, await evidenceOf(deps, row));
  if (deps.visualSignaturePermissions)
    user.permissions.visualSignatures = await deps.visualSignaturePermissions(deps.db, userId);
  return user;
}

/** Who an account is, for other modules: its name, address and settings. */
export type Account = Pick<User, 'id' | 'email' | 'emailVerified' | 'firstName' | 'lastName' | 'attributes'>;

/**
 * An account for other modules (the signer's name, the owner's language): one row read. `getUser`
 * is the whole /v1/user answer, which also reads the identifications and the business.
 */
export async function getAccount(deps: Pick<AccountsDeps, 'db'>, userId: string): Promise<Account> {
  const row = await requireUser(deps.db, userId);
  const { id, email, emailVerified, firstName, lastName } = row;
  return { id, email, emailVerified, firstName, lastName, attributes: attributesOf(row) };
}

/** What the account's identifications unlock for it, under its current name. */
export function evidenceOf(deps: AccountsDeps, row: repo.UserRow): Promise<EvidenceQualities> {
  return evidenceQualities(
    deps,
    { kind: 'account', userId: row.id },
    { firstName: row.firstName, lastName: row.lastName },
  );
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

/** What a user's new requests start with (spec §3 attributes default_quality and default_legislation). */
export async function requestDefaultsOf(
  deps: Pick<AccountsDeps, 'db'>,
  userId: string,
): Promise<{
  quality: UserAttributes['default_quality'];
  legislation: UserAttributes['default_legislation'];
}> {
  const attributes = attributesOf(await requireUser(deps.db, userId));
  return { quality: attributes.default_quality, legislation: attributes.default_legislation };
}

/**
 * The e-mail notification level (spec §3 email_notification_level) of the account with this
 * address; null for an address without an account (a visitor gets every notice).
 */
export async function notificationLevelOf(
  deps: Pick<AccountsDeps, 'db'>,
  email: string,
): Promise<UserAttributes['email_notification_level'] | null> {
  const user = await repo.findUserByEmail(deps.db, email);
  return user ? attributesOf(user).email_notification_level : null;
}

/** Spec §3 User retention: who has chosen automatic deletion of finished requests, after how many days. */
export function usersWithRetention(
  deps: Pick<AccountsDeps, 'db'>,
): Promise<Array<{ id: string; days: number }>> {
  return repo.usersWithRetention(deps.db);
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
  await requireUser(deps.db, userId);
  await repo.updateUser(deps.db, userId, {
    attributes: repo.attributesWith(flags),
    updatedAt: deps.clock.now(),
  });
}
